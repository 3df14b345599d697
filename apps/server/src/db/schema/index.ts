export * from './auth.ts';
export * from './content.ts';
