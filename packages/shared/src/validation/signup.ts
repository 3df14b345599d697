import {
  MAX_DISPLAY_NAME,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  MAX_EMAIL_LENGTH,
} from '../constants.ts';
import { AUTH_MSG } from '../messages/auth.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignupFields {
  email: string;
  username: string;
  displayName: string;
  password: string;
  confirmPassword?: string;
}

/** True for a syntactically valid email address of sane length. */
export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * Checks a password's length (spec §5: at least 6; DESIGN §4.8: at most 128; never trimmed).
 * @returns the first failing message, or null.
 */
export function validatePasswordLength(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MSG.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return AUTH_MSG.passwordTooLong;
  return null;
}

/**
 * Checks a username (spec §5 rules 3 and 4, then DESIGN §4.4's upper bound).
 * @returns the first failing message, or null.
 */
export function validateUsername(username: string): string | null {
  if (username.length < MIN_USERNAME_LENGTH) return AUTH_MSG.usernameTooShort;
  if (!USERNAME_PATTERN.test(username)) return AUTH_MSG.usernameChars;
  if (username.length > MAX_USERNAME_LENGTH) return AUTH_MSG.usernameTooLong;
  return null;
}

/**
 * Validates a signup form. spec §5: checked in this order — passwords match, password length,
 * username length, username characters; then the bounds the spec leaves open.
 * `confirmPassword` is only checked when present (the API has no confirmation field).
 * @returns the first failing message, or null when the form is valid.
 */
export function validateSignup(fields: SignupFields): string | null {
  if (fields.confirmPassword !== undefined && fields.password !== fields.confirmPassword) {
    return AUTH_MSG.passwordsDoNotMatch;
  }
  const passwordError = validatePasswordLength(fields.password);
  if (passwordError) return passwordError;
  const usernameError = validateUsername(fields.username);
  if (usernameError) return usernameError;
  const email = fields.email.trim();
  if (email.length === 0) return AUTH_MSG.emailRequired;
  if (!isValidEmail(email)) return AUTH_MSG.invalidEmail;
  const displayName = fields.displayName.trim();
  if (displayName.length === 0) return AUTH_MSG.displayNameRequired;
  if (displayName.length > MAX_DISPLAY_NAME) return AUTH_MSG.displayNameTooLong;
  return null;
}

/**
 * Validates the change-password form (spec §5: confirmation matches, then length).
 * @returns the first failing message, or null.
 */
export function validateNewPassword(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return AUTH_MSG.newPasswordsDoNotMatch;
  return validatePasswordLength(newPassword);
}
