/** Query keys of the community feature (issue 19). */
export const communityKeys = {
  all: ['community'] as const,
  comments: (glyphId: string) => ['community', 'comments', glyphId] as const,
  follow: (userId: string) => ['community', 'follow', userId] as const,
  following: () => ['community', 'following'] as const,
  notifications: () => ['community', 'notifications'] as const,
  reports: (status: 'open' | 'resolved') => ['community', 'reports', status] as const,
  votes: (ids: string) => ['community', 'votes', ids] as const,
};
