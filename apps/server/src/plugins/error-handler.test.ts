import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './error-handler.ts';

// Regression (SECURITY R3 fault test): a wrapped connection error answered 500 instead of 503.
describe('isDatabaseUnavailable', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('finds the driver error anywhere in the cause chain (Drizzle, Better Auth, AggregateError)', () => {
    const drizzle = new Error('Failed query: select 1', { cause: refused });
    const betterAuth = Object.assign(new Error('Failed to get session'), { statusCode: 500, cause: drizzle });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(betterAuth)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })),
    ).toBe(true);
  });

  it('leaves other errors alone, and survives cycles', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const cyclic: Error & { cause?: unknown } = new Error('loop');
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
