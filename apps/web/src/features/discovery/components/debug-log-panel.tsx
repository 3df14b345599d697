import { useCallback, useEffect, useRef, useState } from 'react';

export interface LoadStep {
  label: string;
  /** Milliseconds from the page's start to the step's end. */
  at: number;
  /** How long the step took, in milliseconds. */
  took: number;
  outcome: 'ok' | 'failed';
  detail?: string;
}

interface Trackable {
  fetchStatus: 'fetching' | 'paused' | 'idle';
  status: 'pending' | 'error' | 'success';
}

export interface LoadLog {
  steps: LoadStep[];
  startedAt: number;
  record: (step: LoadStep) => void;
}

/**
 * The storefront's debug log (spec §2 "A debug log panel is shown"; DESIGN §4.10: load steps and
 * timings only, never tokens, ids or versions).
 */
export function useLoadLog(): LoadLog {
  const [startedAt] = useState(() => performance.now());
  const [steps, setSteps] = useState<LoadStep[]>([]);
  const record = useCallback((step: LoadStep) => setSteps((previous) => [...previous, step].slice(-50)), []);
  return { steps, startedAt, record };
}

/** Records how long `query` took each time it fetched, under `label`. */
export function useLoadStep(log: LoadLog, label: string, query: Trackable, detail?: string): void {
  const fetchStart = useRef<number | null>(null);
  const { record, startedAt } = log;
  useEffect(() => {
    if (query.fetchStatus === 'fetching' && fetchStart.current === null) {
      fetchStart.current = performance.now();
    } else if (query.fetchStatus !== 'fetching' && fetchStart.current !== null) {
      const end = performance.now();
      record({
        label,
        at: Math.round(end - startedAt),
        took: Math.round(end - fetchStart.current),
        outcome: query.status === 'error' ? 'failed' : 'ok',
        ...(detail ? { detail } : {}),
      });
      fetchStart.current = null;
    }
  }, [query.fetchStatus, query.status, label, detail, record, startedAt]);
}

/** A collapsible list of load steps with their timings; shown to the owner and admins only. */
export function DebugLogPanel({ steps }: { steps: LoadStep[] }) {
  return (
    <details className="rounded-[var(--radius-card)] border border-dashed border-line bg-surface p-4 text-sm">
      <summary className="cursor-pointer font-medium">Debug log</summary>
      <p className="mt-2 text-xs text-muted">Load steps and timings for this page. Only you and admins can see this.</p>
      {steps.length === 0 ? (
        <p className="mt-3 text-muted">No steps yet.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-1 font-mono text-xs">
          {steps.map((step, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <span className="text-subtle">+{step.at} ms</span>
              <span>{step.label}</span>
              <span className={step.outcome === 'ok' ? 'text-success-text' : 'text-accent-text'}>
                {step.outcome === 'ok' ? 'done' : 'failed'} in {step.took} ms
              </span>
              {step.detail ? <span className="text-muted">{step.detail}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
