import { GLYPH_DEVICE_LABELS, type GlyphDevice } from '@glyphary/shared';
import { Badge } from './ui/badge.tsx';

/** Issue 15: 'Phone (3)' / 'Phone (4a) Pro' badges for the phones a glyph's toys run on; nothing when none. */
export function DeviceBadges({ devices, className }: { devices: readonly GlyphDevice[] | undefined; className?: string }) {
  if (!devices || devices.length === 0) return null;
  return (
    <ul className={className ?? 'flex flex-wrap gap-1.5'} aria-label="Runs on">
      {devices.map((device) => (
        <li key={device}>
          <Badge tone="inverse">{GLYPH_DEVICE_LABELS[device]}</Badge>
        </li>
      ))}
    </ul>
  );
}
