/** The Markdown report of a benchmark run (the JSON is the run's data as is). */
import os from 'node:os';
import type { MachineDuring } from './machine.ts';
import type { DatabaseDuring } from './db-waits.ts';
import type { ServerDuring } from './server-loop.ts';
import type { Row } from './judge.ts';
import type { RunSummary } from './repeat.ts';
import type { DatabaseReport } from './runner.ts';

/** The settings a report describes: the run's own, also when `--report` re-renders an earlier run. */
export interface ReportSettings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  size: string;
  pinned: boolean;
  /** Runs per budgeted measurement (decision 0069); 1 in reports from before it. */
  repeat: number;
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The machine during a row (decision 0058): CPU steal; the disks' mean flush wait with flushes per
 * second (what a commit's WAL flush waits for); the longest disk stall — or '–' where /proc did not say
 * (older reports too).
 */
export function machineCell(m: MachineDuring | undefined): string {
  if (!m) return '–';
  const parts: string[] = [];
  if (m.stealPct !== null) parts.push(`steal ${fmt(m.stealPct, 1)} %`);
  if (m.flushesPerSecond !== null)
    parts.push(m.flushWaitMs === null ? 'no flushes' : `flush ${fmt(m.flushWaitMs, 1)} ms × ${fmt(m.flushesPerSecond)}/s`);
  if (m.longestDiskStallMs !== null && m.longestDiskStallMs !== undefined) parts.push(`longest disk stall ${fmt(m.longestDiskStallMs)} ms`);
  return parts.length > 0 ? parts.join(', ') : '–';
}

/**
 * The server and the load client during a row (decision 0064): the server's longest event-loop delay and
 * its 99th percentile, its garbage collections (count, total time, how many over 100 ms), how many requests
 * it took more than 100 / 250 ms over by its own clock, and the load client's longest event-loop delay —
 * or '–' where they did not say.
 */
export function serverCell(s: ServerDuring | undefined, clientLoopDelayMaxMs?: number): string {
  const parts: string[] = [];
  if (s?.loopDelayMaxMs !== null && s?.loopDelayMaxMs !== undefined)
    parts.push(`server loop delay max ${fmt(s.loopDelayMaxMs)} ms, p99 ${fmt(s.loopDelayP99Ms ?? undefined)} ms`);
  if (s?.gcCount !== null && s?.gcCount !== undefined)
    parts.push(`GC ${fmt(s.gcMs ?? undefined)} ms in ${fmt(s.gcCount)}${s.gcOver100Ms ? `, **${fmt(s.gcOver100Ms)} over 100 ms**` : ''}`);
  if (s?.requestsOver100Ms !== null && s?.requestsOver100Ms !== undefined)
    parts.push(`server took > 100 ms on ${fmt(s.requestsOver100Ms)}, > 250 ms on ${fmt(s.requestsOver250Ms ?? undefined)}`);
  if (s?.sessionLookupsOver100Ms !== null && s?.sessionLookupsOver100Ms !== undefined) {
    const pool =
      s.poolWaitsOver100Ms === null ? '' : `, pool waits ${fmt(s.poolWaitsOver100Ms)}; pool opened ${fmt(s.connectionsOpened ?? undefined)} connections`;
    parts.push(`over 100 ms: session lookups ${fmt(s.sessionLookupsOver100Ms)}, write limits ${fmt(s.writeLimitsOver100Ms ?? undefined)}${pool}`);
  }
  if (clientLoopDelayMaxMs !== undefined) parts.push(`client loop delay max ${fmt(clientLoopDelayMaxMs)} ms`);
  return parts.length > 0 ? parts.join('; ') : '–';
}

/**
 * PostgreSQL during a row (decision 0064): the longest statement its activity view showed, what it was
 * waiting for then, and its text — or '–' (PGlite, or older reports).
 */
export function databaseCell(d: DatabaseDuring | undefined): string {
  if (!d) return '–';
  if (d.longestStatementMs === null) return `no statement seen in ${fmt(d.samples)} samples`;
  const query = (d.longestStatementQuery ?? '').replace(/\|/g, '\\|');
  return `longest statement ${fmt(d.longestStatementMs)} ms (${d.longestStatementWait}): \`${query}\``;
}

/** A repeated row's runs in the order they ran (decision 0069), or '' for a row that ran once. */
export function runsNote(row: Row): string {
  if (!row.runs || row.runs.length < 2) return '';
  const digits = row.medianBy === 'req/s' ? 0 : 1;
  const pick = (run: RunSummary) => (row.medianBy === 'p95' ? run.p95 : row.medianBy === 'p99' ? run.p99 : run.rps);
  const failed = row.runs.some((run) => run.failed > 0) ? ` (failed answers: ${row.runs.map((run) => fmt(run.failed)).join(' / ')})` : '';
  const ceiling = row.ceilingRuns ? `; ceiling ${row.ceilingRuns.map((run) => fmt(run.rps)).join(' / ')} req/s` : '';
  return `median of ${row.runs.length} runs by ${row.medianBy}: ${row.runs.map((run) => fmt(pick(run), digits)).join(' / ')}${row.medianBy === 'req/s' ? '' : ' ms'}${failed}${ceiling}`;
}

export function markdown(meta: Record<string, unknown>, reports: DatabaseReport[], settings: ReportSettings): string {
  const lines: string[] = [];
  lines.push(`# Benchmark ${meta.date} (${meta.commit})`, '');
  lines.push(
    `Node ${meta.node}, ${meta.cpu} (${meta.cores} cores), server pinned to core 0 and load client to core 1${settings.pinned ? '' : ' (taskset unavailable: NOT pinned)'}. ` +
      `Closed loop: ${settings.connections} connections × ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up; fixed rate: evenly spaced arrivals, latency from each request's due time (open-loop.ts). Ceiling: plain node:http sending the same bytes. ${settings.repeat > 1 ? `Every row with a budget ran ${settings.repeat} times (a closed-loop run followed by its ceiling run each time), and is the median run by the number its budget reads (req/s, p95 for search, p99 at a fixed rate), the ceiling the median by req/s; the Notes list every run (decision 0069). Rows without a budget ran once. ` : 'Every row ran once. '}Load average at start: ${meta.loadAverage}. ` +
      `Machine: during each measured run, the CPU time the hypervisor stole, the disks' mean flush (fsync) wait with flushes per second, and the longest time the disks held requests without completing any (sampled every 20 ms), from /proc (decision 0058). Server and load client: the server's longest event-loop delay and its 99th percentile and its garbage collections, from its own metrics, the requests it took over 100 and 250 ms, the session lookups, write-limit counts and pool checkouts over 100 ms and the connections its pool opened (decision 0065), and the load client's longest event-loop delay. Database (PostgreSQL): the longest statement its activity view showed, sampled every 20 ms, and what it was waiting for (decision 0064).`,
    '',
  );
  for (const report of reports) {
    lines.push(`## ${report.leg === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`, '');
    if (report.skipped) {
      lines.push(`Skipped: ${report.skipped}`, '');
      continue;
    }
    if (report.seed) {
      const c = report.seed.counts;
      lines.push(
        `Seed (${settings.size}): ${fmt(c.users)} users, ${fmt(c.glyphs)} glyphs, ${fmt(c.views)} views, ${fmt(c.likes)} likes, ${fmt(c.downloads)} downloads in ${fmt(report.seed.totalMs / 1000, 1)} s. Server RSS idle: ${report.serverRssIdleMb} MB. Machine load average when the runs began: ${report.loadAverage ?? '–'} (${os.availableParallelism()} cores).`,
        '',
      );
    }
    lines.push('| Endpoint | Mode | req/s | p50 ms | p95 ms | p99 ms | Ceiling req/s | Ceiling p95 ms | Ratio | Server RSS MB | Machine | Server and load client | Database | Budget | Notes |');
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|---|');
    for (const row of report.rows) {
      const r = row.result;
      const mode = row.mode === 'closed' ? `closed ${settings.connections}` : `rate ${row.target}/s`;
      if (!r) {
        lines.push(
          `| ${row.label} | – | – | – | – | – | – | – | – | – | – | – | – | – | **${row.state.toUpperCase()}**${row.note ? `: ${row.note}` : ''} |`,
        );
        continue;
      }
      const notes = [runsNote(row), row.note].filter(Boolean).join('; ');
      const budget =
        row.budgets.length === 0 ? '–' : row.budgets.map((b) => `${b.met ? 'met' : '**missed**'} (${b.text})`).join('; ');
      lines.push(
        `| ${row.label} | ${mode} | ${fmt(r.rps)} | ${fmt(r.latencyMs.p50, 1)} | ${fmt(r.latencyMs.p95, 1)} | ${fmt(r.latencyMs.p99, 1)} | ${fmt(row.ceiling?.rps)} | ${row.ceiling ? fmt(row.ceiling.latencyMs.p95, 1) : '–'} | ${row.ratio === undefined ? '–' : `${fmt(row.ratio * 100)}%`} | ${r.rssMb} | ${machineCell(r.machine)} | ${serverCell(r.server, r.loopDelayMaxMs)} | ${databaseCell(r.database)} | ${budget} | ${notes} |`,
      );
    }
    if (report.invariantsAfter) {
      const bad = Object.entries(report.invariantsAfter).filter(([, n]) => n !== 0);
      lines.push(
        '',
        `Invariants after the write runs (I1, I2, I4, I7): ${bad.length === 0 ? 'hold' : `VIOLATED ${bad.map(([k, n]) => `${k}=${n}`).join(', ')}`}.`,
      );
    }
    if (report.explain) {
      lines.push(
        '',
        'EXPLAIN (ANALYZE) of the hot read queries, captured from the real repositories on the seeded database:',
        '',
      );
      lines.push('| Query | Statements | Execution ms | Indexes used | Seq scans of big tables |', '|---|---:|---:|---|---|');
      for (const row of report.explain) {
        lines.push(
          row.error
            ? `| ${row.name} | – | – | error: ${row.error.replace(/\|/g, '\\|')} | – |`
            : `| ${row.name} | ${row.statements} | ${fmt(row.executionMs, 1)} | ${row.indexes.join(', ') || '–'} | ${row.seqScans.join(', ') || 'none'} |`,
        );
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}
