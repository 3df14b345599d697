export { AuthProvider } from './auth-provider.tsx';
export { useAuth } from './use-auth.ts';
export type { AuthContextValue } from './auth-context.ts';
export type { SessionUser } from './auth-api.ts';
export { WelcomeCard } from './components/welcome-card.tsx';
