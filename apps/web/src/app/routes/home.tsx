import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DotMatrix } from '../../components/ui/dot-matrix.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** spec §2 Home (/). Placeholder hero: the glyphs feature replaces this file (keep the export name). */
export function HomeRoute() {
  useDocumentTitle(null);
  return (
    <div className="flex flex-col gap-12">
      <section className="grid items-center gap-10 md:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-6">
          <h1 className="font-display text-4xl leading-tight font-bold sm:text-6xl">Glyph Toys for your Nothing Phone</h1>
          <p className="max-w-xl text-lg text-muted">Discover, share and request light patterns for the Glyph Matrix, made by the community.</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.search()} className={buttonClasses({ size: 'lg' })}>
              Browse Glyphs
            </Link>
            <Link to={paths.upload} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              Upload Your Glyph
            </Link>
            <Link to={paths.requestGlyphs} className={buttonClasses({ size: 'lg', variant: 'ghost' })}>
              Request Glyph Toys
            </Link>
          </div>
        </div>
        <DotMatrix size={220} pattern="glyph" seed="glyphary" className="mx-auto hidden sm:block" />
      </section>
      <EmptyState title="No glyphs found" />
    </div>
  );
}
