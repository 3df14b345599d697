/**
 * Settings: profile, account, email and password changes.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const SETTINGS_MSG = {
  // §8 signup
  emailInUse: 'An account with this email already exists.',

  // §8 settings
  profileRecentLogin: 'Please log out and log back in before updating your email.',
  profileUpdateFailed: (message: string) => `Failed to update profile: ${message}`,
  profileUpdated: 'Profile updated successfully!',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordUpdateFailed: (message: string) => `Failed to update password: ${message}`,
  passwordUpdated: 'Password updated successfully!',
  deleteAccountPasswordRequired: 'Please enter your current password to confirm deletion.',
  deleteAccountFailed: (message: string) => `Failed to delete account: ${message}`,
  accountDeleted: 'Account and all glyphs deleted successfully.',
  // email change by confirmation link (issue 21): texts the spec leaves open
  emailChangeSent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  emailChangePending: (email: string) => `Pending confirmation: ${email}. Open the link we sent there to switch to it.`,
  emailChangeConfirmed: 'Your email address has been changed.',
  emailChangeInvalid: 'This email confirmation link is invalid or has expired.',
  bioTooLong: 'Bio must be at most 500 characters long',
  locationTooLong: 'Location must be at most 100 characters long',
  profilePictureHint: 'Recommended: 400x400 or larger',
} as const;
