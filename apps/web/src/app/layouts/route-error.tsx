import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DotMatrix } from '../../components/ui/dot-matrix.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Last-resort error screen (e.g. a new deployment removed an old code chunk). */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-6 text-center">
      <DotMatrix size={96} pattern="ring" />
      <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted">The page failed to load. Please reload and try again.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
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

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
