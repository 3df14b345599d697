export { SearchPage } from './components/search-page.tsx';
