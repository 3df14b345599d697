import '@fontsource/doto/latin-700.css';
import './index.css';
import { startApp } from './app/start.tsx';

// The browser entry: the styles, then the app (app/start.tsx).
startApp();
