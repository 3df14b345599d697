import { Spinner } from '../../components/ui/spinner.tsx';

/** Shown while a screen's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label="Loading..." />
    </div>
  );
}

/** The thin red bar across the top of the window while a screen's code loads. */
export function LoadingBar() {
  return <div className="fixed inset-x-0 top-0 z-[65] h-0.5 animate-pulse-dot bg-accent" aria-hidden="true" />;
}
