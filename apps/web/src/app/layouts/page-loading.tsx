import { Spinner } from '../../components/ui/spinner.tsx';

/** Shown while a screen's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label="Loading..." />
    </div>
  );
}
