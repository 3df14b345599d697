/**
 * What the machine itself did during a measured run, from /proc (decision 0058): CPU time stolen by the
 * hypervisor and spent waiting for I/O, the block devices' write and flush (fsync) counts and mean waits,
 * and the longest stall — the longest time the disks held requests without completing any (diskstats
 * read every 20 ms). A commit waits for its WAL flush, so a write row whose disk stalled for half a
 * second has that in its tail whatever the server does; a row with high steal ran on a CPU the VM did
 * not fully get.
 */
import fs from 'node:fs';

export interface MachineSample {
  at: number;
  /** /proc/stat's aggregate cpu line, in USER_HZ ticks. */
  cpu: { total: number; steal: number; iowait: number } | null;
  /** Summed over the real block devices (not loop, ram or zram). */
  disk: DiskCounters | null;
}

export interface DiskCounters {
  /** Requests completed: reads, writes and flushes. */
  completed: number;
  /** Requests in flight now. */
  inFlight: number;
  writes: number;
  writeMs: number;
  flushes: number;
  flushMs: number;
  busyMs: number;
}

export interface MachineDuring {
  /** Share of all CPU time stolen by the hypervisor, %. */
  stealPct: number | null;
  /** Share of all CPU time idle while waiting for I/O, %. */
  iowaitPct: number | null;
  writesPerSecond: number | null;
  /** Mean time a write request took on the device, ms. */
  writeWaitMs: number | null;
  flushesPerSecond: number | null;
  /** Mean time a flush (what fsync/fdatasync waits for) took on the device, ms. */
  flushWaitMs: number | null;
  /** Share of the wall time a device had requests in flight, % (the busiest device). */
  diskBusyPct: number | null;
  /** The longest time the disks held requests in flight and completed none, ms (sampled every 20 ms). */
  longestDiskStallMs: number | null;
}

/** The aggregate `cpu` line of /proc/stat (user nice system idle iowait irq softirq steal …). */
export function parseProcStat(text: string): MachineSample['cpu'] {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  if (n.length < 8 || n.some((x) => !Number.isFinite(x))) return null;
  // guest and guest_nice are already counted in user and nice.
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, iowait: n[4] as number, steal: n[7] as number };
}

const VIRTUAL_DEVICE = /^(loop|ram|zram|sr|fd)\d*$/;
// Device-mapper and software RAID devices pass their requests on to disks that are listed and counted too.
const STACKED = /^(?:dm-\d+|md\d+)$/;
// A partition of a whole disk also listed (sda1 of sda, nvme0n1p1 of nvme0n1, vda1 of vda): counted once, as its disk.
const PARTITION = /^(?:(?:sd|vd|xvd|hd)[a-z]+\d+|nvme\d+n\d+p\d+|mmcblk\d+p\d+)$/;

/**
 * /proc/diskstats (Documentation/admin-guide/iostats.rst): per device, after major, minor and name,
 * field 1 reads completed, 5 writes completed, 8 ms writing, 9 I/Os in flight, 10 ms doing I/O, and on
 * kernels since 5.5 field 16 flush requests completed and 17 ms flushing. Sums the whole real disks;
 * busy time is the busiest one's.
 */
export function parseDiskstats(text: string): MachineSample['disk'] {
  let found = false;
  const sum: DiskCounters = { completed: 0, inFlight: 0, writes: 0, writeMs: 0, flushes: 0, flushMs: 0, busyMs: 0 };
  for (const line of text.split('\n')) {
    const parts = line.trim().split(/\s+/);
    const name = parts[2];
    if (!name || parts.length < 14 || VIRTUAL_DEVICE.test(name) || PARTITION.test(name) || STACKED.test(name)) continue;
    const f = parts.slice(3).map(Number);
    found = true;
    sum.completed += (f[0] ?? 0) + (f[4] ?? 0) + (f[15] ?? 0);
    sum.inFlight += f[8] ?? 0;
    sum.writes += f[4] ?? 0;
    sum.writeMs += f[7] ?? 0;
    sum.busyMs = Math.max(sum.busyMs, f[9] ?? 0);
    sum.flushes += f[15] ?? 0;
    sum.flushMs += f[16] ?? 0;
  }
  return found ? sum : null;
}

function read(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function sampleMachine(): MachineSample {
  const stat = read('/proc/stat');
  const disks = read('/proc/diskstats');
  return { at: performance.now(), cpu: stat ? parseProcStat(stat) : null, disk: disks ? parseDiskstats(disks) : null };
}

/**
 * Tracks the longest disk stall from samples taken in order: a stall runs from the first sample that
 * finds requests in flight with no completion since the previous sample, to the last such sample.
 */
export class StallTracker {
  private last: DiskCounters | null = null;
  private since: number | null = null;
  longestMs = 0;

  add(at: number, disk: DiskCounters | null): void {
    if (!disk) return;
    const stalled = this.last !== null && disk.inFlight > 0 && disk.completed === this.last.completed;
    if (stalled) {
      this.since ??= at;
      this.longestMs = Math.max(this.longestMs, at - this.since);
    } else this.since = disk.inFlight > 0 ? at : null;
    this.last = disk;
  }
}

/** Samples the machine until `stop`, which says what it did meanwhile (see MachineDuring). */
export function watchMachine(intervalMs = 20): { stop(): MachineDuring } {
  const first = sampleMachine();
  const stalls = new StallTracker();
  stalls.add(first.at, first.disk);
  const timer = setInterval(() => {
    const disks = read('/proc/diskstats');
    stalls.add(performance.now(), disks ? parseDiskstats(disks) : null);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const last = sampleMachine();
      stalls.add(last.at, last.disk);
      const during = machineDuring(first, last);
      return { ...during, longestDiskStallMs: during.diskBusyPct === null ? null : stalls.longestMs };
    },
  };
}

/** What happened between two samples (null where /proc did not say; the longest stall needs `watchMachine`). */
export function machineDuring(before: MachineSample, after: MachineSample): MachineDuring {
  const seconds = (after.at - before.at) / 1000;
  const cpu = before.cpu && after.cpu && after.cpu.total > before.cpu.total ? { a: before.cpu, b: after.cpu } : null;
  const disk = before.disk && after.disk && seconds > 0 ? { a: before.disk, b: after.disk } : null;
  const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);
  const writes = disk ? disk.b.writes - disk.a.writes : 0;
  const flushes = disk ? disk.b.flushes - disk.a.flushes : 0;
  return {
    stealPct: cpu ? pct(cpu.b.steal - cpu.a.steal, cpu.b.total - cpu.a.total) : null,
    iowaitPct: cpu ? pct(cpu.b.iowait - cpu.a.iowait, cpu.b.total - cpu.a.total) : null,
    writesPerSecond: disk ? writes / seconds : null,
    writeWaitMs: disk && writes > 0 ? (disk.b.writeMs - disk.a.writeMs) / writes : null,
    flushesPerSecond: disk ? flushes / seconds : null,
    flushWaitMs: disk && flushes > 0 ? (disk.b.flushMs - disk.a.flushMs) / flushes : null,
    diskBusyPct: disk ? Math.min(100, (100 * (disk.b.busyMs - disk.a.busyMs)) / (seconds * 1000)) : null,
    longestDiskStallMs: null,
  };
}
