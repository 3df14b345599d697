export * from './auth.ts';
export * from './content.ts';
export * from './releases.ts';
