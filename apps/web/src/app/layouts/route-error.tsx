import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { DotMatrix } from '../../components/ui/dot-matrix.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Last-resort error screen (e.g. a new deployment removed an old code chunk). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-6 text-center">
      <DotMatrix size={96} text="!" pattern="ring" />
      <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted">{detail ?? 'The page failed to load. Please reload and try again.'}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
