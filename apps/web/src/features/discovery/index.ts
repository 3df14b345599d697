export { HomePage } from './components/home-page.tsx';
export { StorefrontPage } from './components/storefront-page.tsx';
export { LikedPage } from './components/liked-page.tsx';
