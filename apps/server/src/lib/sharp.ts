import sharp from 'sharp';

// The one module that loads sharp (a native module), so its process-wide settings are made once, here.
// libvips settings are process-wide. Its operation cache would keep recently read files open (a deleted
// file would keep its disk space) and up to 50 MB of decoded images per process; one worker thread per
// image keeps its memory per upload small (uploads are bounded, so the time is too).
sharp.cache(false);
sharp.concurrency(1);

export default sharp;
export type { Metadata } from 'sharp';
