/**
 * Texts about getting a toy onto the phone: the download disclaimer and the guide that follows a download
 * (the glyph page and its release history show both). Part of the text catalogue (../messages.ts):
 * kept out of the shell's COMMON_MSG, which every page loads.
 */
import { PRODUCT_NAME } from '../constants.ts';

export const INSTALL_MSG = {
  downloadDisclaimer: `This APK is shared by the community. ${PRODUCT_NAME} does not guarantee the safety or functionality of third-party files. Download and install at your own risk.`,
  activateHeading: 'Activate it',
  activateInstall: 'Open the downloaded APK on your phone and install it.',
  activateOpen: 'Then open Settings → Glyph Interface → Glyph Toys and turn the toy on.',
  activateAod: 'Always-on toys on Phone (4a) Pro: Settings → Glyph Interface → Flip to Glyph → Always-on Glyph Toy.',
  activateDismiss: 'Got it',
} as const;
