// Issue 15: texts of the APK report, shared by the server (errors, verdicts) and the web app.

export const APK_MSG = {
  // 422 answers: the APK cannot be read safely (nothing is stored).
  malformed: (what: string) => `The APK could not be read: ${what}`,
  manifestMissing: 'The APK has no AndroidManifest.xml',
  manifestTwice: 'The APK contains AndroidManifest.xml more than once',
  entryTwice: (name: string) => `The APK contains ${name} more than once`,
  signingBlockMalformed: (what: string) => `The APK Signing Block is malformed: ${what}`,
  notZip: 'The file is not a valid APK',
  tooManyEntries: 'The APK has too many entries',
  unsafeNames: 'The APK contains unsafe file names',
  encrypted: 'Encrypted APKs are not allowed',
  tooMuchData: 'The APK expands to too much data',

  // Why an APK is not a Glyph Toy (told to the creator at upload, shown on the page).
  notToyNoService: 'No Glyph Toy service was found: a toy is a <service> with the intent action com.nothing.glyph.TOY.',
  notToyNoPermission: 'The app does not request com.nothing.ketchum.permission.ENABLE, which every Glyph Toy needs.',
  notToyNeither:
    'No Glyph Toy service was found (a <service> with the intent action com.nothing.glyph.TOY) and the app does not request com.nothing.ketchum.permission.ENABLE.',

  // Signature problems.
  signatureMismatch: 'The v1 and v2/v3 signatures name different certificates',
  signatureBroken: (scheme: string) => `The ${scheme} signature does not match the APK's contents`,
  signatureUnsupported: (scheme: string) => `The ${scheme} signature uses an algorithm that cannot be checked`,
  signatureStripped: (scheme: string) => `The v1 signature says the APK is also signed with ${scheme}, but that signature is missing (stripped?)`,

  // web
  panelHeading: 'Inside this APK',
  notAToy: 'Not a Glyph Toy',
  uploadFoundHeading: 'What we found in your APK',
  // Android APKs are self-signed: the check says the file is unchanged since its signer signed it, not who vouches for it.
  signatureVerified: 'Unchanged since signing',
  selfSignedBy: (name: string) => `Self-signed by ${name}`,
  signatureUnsigned: 'Unsigned',
  signatureInvalid: 'Signature invalid',
  longpress: 'Reacts to long press',
  aod: 'Always-on (AOD)',
  noPermissions: 'No permissions requested',
  risky: 'Sensitive',
  copy: 'Copy',
  copied: 'Copied',
} as const;
