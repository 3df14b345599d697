// The admin panel (spec §2 Admin panel, issue 7). Routes import from here only.
export { AdminPanel } from './components/admin-panel.tsx';
export { AccessDenied } from './components/access-denied.tsx';
