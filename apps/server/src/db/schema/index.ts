export * from './auth.ts';
export * from './content.ts';
export * from './animations.ts';
export * from './community.ts';
export * from './releases.ts';
export * from './stats.ts';
