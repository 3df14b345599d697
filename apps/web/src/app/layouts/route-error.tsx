import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DotMatrix } from '../../components/ui/dot-matrix.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The browsers' messages for a code chunk that failed to load (Chromium, Safari, Firefox). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;
const RELOADED_AT_KEY = 'glyphary-chunk-reload-at';
/** A reload within this long of the last one did not help: the error screen stays, with its retry. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * Whether a failed chunk load should reload the page: once (a deploy while the tab was open removed
 * the old chunks; the reloaded page asks for the new ones), never in a loop.
 */
export function shouldReloadForChunkError(error: unknown, storage: Pick<Storage, 'getItem' | 'setItem'> | null, now: number): boolean {
  if (!(error instanceof Error) || !CHUNK_FAILURE.test(error.message) || !storage) return false;
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  return true;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Last-resort error screen (e.g. a new deployment removed an old code chunk). */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-6 text-center">
      <DotMatrix size={96} pattern="ring" />
      <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted">The page failed to load. Please reload and try again.</p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** Changes on every navigation (the location key): the next navigation clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Shows RouteError instead of the whole page when rendering throws (a failed chunk import included). */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (shouldReloadForChunkError(error, sessionStore(), Date.now())) window.location.reload();
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
