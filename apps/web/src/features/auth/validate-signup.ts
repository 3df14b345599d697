// The sign-up checks as their own module: the auth provider (in every page) imports it on demand.
export { validateSignup } from '@glyphary/shared';
