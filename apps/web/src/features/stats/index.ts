// Issue 51: the creator dashboard, one toy's statistics and the admin panel's charts.
export { CreatorDashboard } from './components/creator-dashboard.tsx';
export { GlyphDashboard } from './components/glyph-dashboard.tsx';
export { PlatformCharts } from './components/platform-charts.tsx';
