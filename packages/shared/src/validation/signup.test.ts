import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { validateNewPassword, validateSignup, validateUsername } from './signup.ts';

const valid = { email: 'ann@example.com', username: 'ann_1', displayName: 'Ann', password: 'secret1', confirmPassword: 'secret1' };

describe('validateSignup (spec §5, checked in this order)', () => {
  it('accepts a valid form', () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it('1. passwords must match — even when every other rule also fails', () => {
    expect(validateSignup({ ...valid, password: 'a', confirmPassword: 'b', username: '!' })).toBe(MSG.passwordsDoNotMatch);
  });

  it('2. password at least 6 characters — before any username rule', () => {
    expect(validateSignup({ ...valid, password: '12345', confirmPassword: '12345', username: '!' })).toBe(MSG.passwordTooShort);
  });

  it('3. username at least 3 characters — before the character rule', () => {
    expect(validateSignup({ ...valid, username: 'a!' })).toBe(MSG.usernameTooShort);
  });

  it('4. username only letters, digits, underscores', () => {
    for (const username of ['ann-1', 'ann 1', 'ann.1', 'änn', 'ann😀']) {
      expect(validateSignup({ ...valid, username })).toBe(MSG.usernameChars);
    }
  });

  it('then the bounds the spec leaves open: username ≤ 30, valid email, display name', () => {
    expect(validateSignup({ ...valid, username: 'a'.repeat(31) })).toBe(MSG.usernameTooLong);
    expect(validateSignup({ ...valid, email: 'nope' })).toBe(MSG.invalidEmail);
    expect(validateSignup({ ...valid, email: '' })).toBe(MSG.emailRequired);
    expect(validateSignup({ ...valid, displayName: '  ' })).toBe(MSG.displayNameRequired);
    expect(validateSignup({ ...valid, displayName: 'x'.repeat(51) })).toBe(MSG.displayNameTooLong);
  });

  it('never trims passwords: six spaces are six characters', () => {
    expect(validateSignup({ ...valid, password: '      ', confirmPassword: '      ' })).toBeNull();
  });

  it('skips the confirmation rule when the caller has no confirmation field (the API)', () => {
    const { confirmPassword: _omit, ...api } = valid;
    expect(validateSignup(api)).toBeNull();
  });

  it('caps passwords at 128 characters', () => {
    const long = 'x'.repeat(129);
    expect(validateSignup({ ...valid, password: long, confirmPassword: long })).toBe(MSG.passwordTooLong);
  });
});

describe('validateUsername', () => {
  it('accepts the boundaries', () => {
    expect(validateUsername('abc')).toBeNull();
    expect(validateUsername('A_1'.repeat(10))).toBeNull();
  });
});

describe('validateNewPassword (spec §5 change password)', () => {
  it('checks the confirmation first, then the length', () => {
    expect(validateNewPassword('abc', 'abd')).toBe(MSG.newPasswordsDoNotMatch);
    expect(validateNewPassword('abc', 'abc')).toBe(MSG.passwordTooShort);
    expect(validateNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});
