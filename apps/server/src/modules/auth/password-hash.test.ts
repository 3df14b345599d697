import { describe, expect, it } from 'vitest';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { hashPassword, verifyPassword } from './password-hash.ts';

// Regression (load run L6): hashing moved off the event loop must stay byte-compatible with Better Auth's
// default, so every stored hash keeps working in both directions.
describe('password hashing on the thread pool', () => {
  it('verifies Better Auth hashes, and Better Auth verifies ours', async () => {
    for (const password of ['glyph-pass-1', '  spaced  ', 'ümlaut-Äpfel', 'emoji-🔦']) {
      expect(await verifyPassword({ hash: await betterAuthHash(password), password })).toBe(true);
      expect(await betterAuthVerify({ hash: await hashPassword(password), password })).toBe(true);
    }
  });

  it('refuses a wrong, trimmed or empty password and malformed hashes', async () => {
    const hash = await hashPassword('  spaced  ');
    expect(await verifyPassword({ hash, password: 'spaced' })).toBe(false);
    expect(await verifyPassword({ hash, password: '' })).toBe(false);
    expect(await verifyPassword({ hash: 'nonsense', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: 'salt:zz', password: 'x' })).toBe(false);
  });
});
