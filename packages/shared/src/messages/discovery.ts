/**
 * Home, profiles, storefronts and liked glyphs.
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
import { formatCount } from '../format/index.ts';

export const DISCOVERY_MSG = {
  // §2 storefront
  userNotFound: 'User not found',
  userDoesNotExist: (name: string) => `The user @${name} does not exist.`,

  // §2 Liked
  likedLoginRequired: 'Please log in to view your liked posts',
  likedHeading: 'Liked Posts',
  likedCount: (n: number) => `${formatCount(n)} ${n === 1 ? 'glyph' : 'glyphs'} you've liked`,
  likedEmptyTitle: 'No liked posts yet',
  likedEmptyBody: 'Start exploring glyphs and like the ones you love!',
  likedLoadFailed: 'Failed to update your likes. Please try again.',
} as const;
