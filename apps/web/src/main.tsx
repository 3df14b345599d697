import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/doto/latin-700.css';
import './index.css';
import { startApp } from './app/start.tsx';

// The browser entry: the styles, then the app (app/start.tsx).
startApp();
