/**
 * Sign-up, sign-in and password reset (spec §5, §8), with the sign-up checks in the order they run.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const AUTH_MSG = {
  // Issue 48: the welcome after sign-up, on the first page the new account sees.
  welcomeTitle: (name: string) => `Welcome to Glyphary, ${name}`,
  welcomeBody: 'Set up your storefront so people know who makes your toys, or share your first Glyph Toy now.',
  welcomeStorefront: 'Set up your storefront',
  welcomeShare: 'Share your first toy',
  welcomeDismiss: 'Dismiss welcome',
  // §5 signup, in the order they are checked
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  // bounds the spec leaves open (DESIGN §4.4, §4.8, SECURITY input bounds)
  usernameTooLong: 'Username must be at most 30 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name must be at most 50 characters long',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address.',
  newPasswordsDoNotMatch: 'New passwords do not match',

  // web: password recovery and settings texts the spec leaves open
  resetLinkSent: 'If an account exists for that email, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. You can now log in.',
  resetFailed: 'Failed to reset password. Please try again.',
} as const;
