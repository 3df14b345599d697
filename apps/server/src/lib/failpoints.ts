import { Transform } from 'node:stream';

/**
 * Failpoints for the fault-injection tests of SECURITY.md §5 (R2, R7, R9): `FAILPOINTS=name:action,…`
 * makes the named point in the code misbehave. Unset (every real deployment), `failpoint()` is one
 * null check and the upload path adds no stream stage.
 *
 * Actions: `exit` (process.exit(137), no cleanup), `kill` (SIGKILL to itself, exactly like `kill -9`),
 * `throw` (an Error), `enospc` (an ENOSPC error, as from a full disk; on a byte stream after 1 MiB).
 *
 * Points: `auth_user_created` (sign-up, inside the transaction, after the user row and before its
 * credential account), `account_half_glyphs_deleted` (account deletion, inside the transaction, after
 * half of the user's glyphs), `upload_write` (the upload's temp-file write).
 */
export type FailpointAction = 'exit' | 'kill' | 'throw' | 'enospc';

const ACTIONS = new Set<FailpointAction>(['exit', 'kill', 'throw', 'enospc']);
let points: Map<string, FailpointAction> | null = null;

/**
 * Parses `name:action[,name:action…]` (env FAILPOINTS); empty or undefined turns every point off.
 * Tests call it again to turn a point off at run time ("uploads work again once space is freed", R7).
 * @throws Error on an unknown action.
 */
export function configureFailpoints(spec: string | undefined): void {
  if (!spec || spec.trim() === '') {
    points = null;
    return;
  }
  const parsed = new Map<string, FailpointAction>();
  for (const entry of spec.split(',')) {
    const [name, action] = entry.trim().split(':');
    if (!name || !action || !ACTIONS.has(action as FailpointAction)) {
      throw new Error(`FAILPOINTS: "${entry}" is not name:exit|kill|throw|enospc`);
    }
    parsed.set(name, action as FailpointAction);
  }
  points = parsed;
}

/** The action configured for `name`, if any (undefined when failpoints are off). */
export function failpointAction(name: string): FailpointAction | undefined {
  return points === null ? undefined : points.get(name);
}

function enospc(name: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device (failpoint ${name})`), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/** Triggers the point `name` when configured: exits, kills the process or throws. A no-op otherwise. */
export function failpoint(name: string): void {
  if (points === null) return;
  const action = points.get(name);
  if (!action) return;
  if (action === 'exit') process.exit(137);
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  if (action === 'enospc') throw enospc(name);
  throw new Error(`failpoint ${name}`);
}

/**
 * A pass-through stream for a byte-writing point: when `name` is configured it lets `afterBytes`
 * through and then fails (ENOSPC for `enospc`), so a partial file is left for the caller to clean up.
 * Returns null when the point is off: callers add no stage at all.
 */
export function failingStream(name: string, afterBytes = 1024 * 1024): Transform | null {
  const action = failpointAction(name);
  if (!action) return null;
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (seen + chunk.length <= afterBytes) {
        seen += chunk.length;
        callback(null, chunk);
        return;
      }
      const allowed = chunk.subarray(0, Math.max(0, afterBytes - seen));
      seen = afterBytes;
      if (allowed.length > 0) this.push(allowed);
      try {
        failpoint(name);
        callback(new Error(`failpoint ${name}`));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
