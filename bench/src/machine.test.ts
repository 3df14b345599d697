import { describe, expect, it } from 'vitest';
import {
  machineDuring,
  parseDiskstats,
  parseProcStat,
  sampleMachine,
  StallTracker,
  type DiskCounters,
  type MachineSample,
} from './machine.ts';
import { machineCell } from './report.ts';

// Lines as a 6.x kernel prints them: a virtio disk with one partition, loop, zram, device-mapper and RAID devices.
const DISKSTATS = [
  '   7       0 loop0 5 0 10 1 900 0 9000 800 0 10 10 0 0 0 0 0 0',
  ' 254       0 vda 111079 15822 4262530 772537 925202 87181 26301928 310369 0 150360 1106165 17770 42 5448720 1931 394655 21326',
  ' 254       1 vda1 111000 15800 4262000 772000 925000 87000 26300000 310000 0 150000 1106000 17770 42 5448720 1931 0 0',
  ' 253       0 zram0 7 0 7 0 70 0 70 70 0 70 70 0 0 0 0 0 0',
  ' 252       0 dm-0 9 0 9 0 90 0 90 90 0 90 90 0 0 0 0 9 9',
  '   9       0 md0 9 0 9 0 90 0 90 90 0 90 90 0 0 0 0 9 9',
].join('\n');

describe('parseDiskstats', () => {
  it('sums whole real disks only: a partition, loop, zram, device-mapper and RAID devices are left out', () => {
    expect(parseDiskstats(DISKSTATS)).toEqual({
      completed: 111079 + 925202 + 394655,
      inFlight: 0,
      writes: 925202,
      writeMs: 310369,
      flushes: 394655,
      flushMs: 21326,
      busyMs: 150360,
    });
  });

  it('reads kernels without the flush fields (before 5.5) as no flushes', () => {
    expect(parseDiskstats(' 8 0 sda 1 0 8 1 40 2 320 95 3 60 96')).toEqual({
      completed: 41,
      inFlight: 3,
      writes: 40,
      writeMs: 95,
      flushes: 0,
      flushMs: 0,
      busyMs: 60,
    });
  });

  it('says nothing when there is no real disk', () => {
    expect(parseDiskstats('   7       0 loop0 5 0 10 1 900 0 9000 800 0 10 10 0 0 0 0 0 0')).toBeNull();
    expect(parseDiskstats('')).toBeNull();
  });
});

describe('parseProcStat', () => {
  it('reads total, iowait and steal from the aggregate cpu line, not a per-core line', () => {
    const text = 'cpu  227567 387 57183 1051420 10803 0 14398 3669 0 0\ncpu0 129095 184 28791 515849 2930 0 7472 1605 0 0\n';
    expect(parseProcStat(text)).toEqual({
      total: 227567 + 387 + 57183 + 1051420 + 10803 + 0 + 14398 + 3669,
      iowait: 10803,
      steal: 3669,
    });
  });

  it('says nothing for text without a cpu line', () => {
    expect(parseProcStat('intr 1 2 3')).toBeNull();
  });
});

describe('machineDuring', () => {
  const sample = (at: number, cpu: [number, number, number], disk: [number, number, number, number, number]): MachineSample => ({
    at,
    cpu: { total: cpu[0], steal: cpu[1], iowait: cpu[2] },
    disk: {
      completed: disk[0] + disk[2],
      inFlight: 0,
      writes: disk[0],
      writeMs: disk[1],
      flushes: disk[2],
      flushMs: disk[3],
      busyMs: disk[4],
    },
  });

  it('turns two samples into shares of CPU time, rates and mean waits per request', () => {
    // 10 s apart: 2,000 ticks of CPU of which 100 stolen and 50 waiting on I/O; 500 writes over 2,500 ms,
    // 400 flushes over 120,000 ms (a stalled disk: 300 ms each), the device busy 9 of the 10 s.
    const during = machineDuring(
      sample(1_000, [10_000, 10, 20], [100, 50, 10, 5, 1_000]),
      sample(11_000, [12_000, 110, 70], [600, 2_550, 410, 120_005, 10_000]),
    );
    expect(during).toEqual({
      stealPct: 5,
      iowaitPct: 2.5,
      writesPerSecond: 50,
      writeWaitMs: 5,
      flushesPerSecond: 40,
      flushWaitMs: 300,
      diskBusyPct: 90,
      longestDiskStallMs: null,
    });
    expect(machineCell(during)).toBe('steal 5.0 %, flush 300.0 ms × 40/s');
  });

  it('gives no mean wait when nothing was written or flushed, and null where /proc said nothing', () => {
    const quiet = machineDuring(sample(0, [100, 0, 0], [5, 5, 5, 5, 5]), sample(2_000, [300, 0, 0], [5, 5, 5, 5, 5]));
    expect(quiet).toMatchObject({
      stealPct: 0,
      writesPerSecond: 0,
      writeWaitMs: null,
      flushesPerSecond: 0,
      flushWaitMs: null,
      diskBusyPct: 0,
    });
    expect(machineCell(quiet)).toBe('steal 0.0 %, no flushes');
    const unknown = machineDuring({ at: 0, cpu: null, disk: null }, { at: 1_000, cpu: null, disk: null });
    expect(Object.values(unknown).every((v) => v === null)).toBe(true);
    expect(machineCell(unknown)).toBe('–');
    expect(machineCell({ ...quiet, longestDiskStallMs: 460 })).toBe('steal 0.0 %, no flushes, longest disk stall 460 ms');
    expect(machineCell(undefined)).toBe('–');
  });

  it('reads this machine when it has /proc', () => {
    const s = sampleMachine();
    if (process.platform !== 'linux') return expect(s.cpu).toBeNull();
    expect(s.cpu?.total).toBeGreaterThan(0);
  });
});

describe('StallTracker', () => {
  const disk = (completed: number, inFlight: number): DiskCounters => ({
    completed,
    inFlight,
    writes: 0,
    writeMs: 0,
    flushes: 0,
    flushMs: 0,
    busyMs: 0,
  });

  it('measures the longest time requests were in flight with none completing', () => {
    const stalls = new StallTracker();
    // Busy but moving at 0–40 ms; stuck from 60 ms (in flight since the 40 ms sample) to 300 ms; moving again after.
    const samples: [number, number, number][] = [
      [0, 10, 1],
      [20, 12, 2],
      [40, 15, 1],
      [60, 15, 1],
      [200, 15, 3],
      [300, 15, 3],
      [320, 20, 0],
      [340, 20, 0],
      [360, 21, 1],
      [380, 21, 1],
    ];
    for (const [at, completed, inFlight] of samples) stalls.add(at, disk(completed, inFlight));
    expect(stalls.longestMs).toBe(260);
  });

  it('does not count an idle disk (nothing in flight) as stalled, nor a first sample with nothing to compare', () => {
    const stalls = new StallTracker();
    stalls.add(0, disk(5, 2));
    for (let at = 20; at <= 1_000; at += 20) stalls.add(at, disk(5, 0));
    stalls.add(1_020, null);
    expect(stalls.longestMs).toBe(0);
  });
});
