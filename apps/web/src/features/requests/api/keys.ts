/** Query keys of the requests feature; every mutation invalidates `requestKeys.all`. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (search: string) => ['requests', 'list', search] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
  mine: () => ['requests', 'mine'] as const,
  ownGlyphs: (userId: string) => ['requests', 'own-glyphs', userId] as const,
};
