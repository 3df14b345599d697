import { Link } from '../../lib/router.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DotText } from '../../components/ui/dot-text.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /404 and every unknown path. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-6 py-10 text-center">
      <div className="flex gap-3" aria-hidden="true">
        <DotText size={72} text="4" />
        <DotText size={72} text="0" />
        <DotText size={72} text="4" />
      </div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses()}>
          Back to home
        </Link>
        <Link to={paths.search()} className={buttonClasses({ variant: 'outline' })}>
          Browse Glyphs
        </Link>
      </div>
    </section>
  );
}
