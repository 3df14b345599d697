import { Link } from '../../lib/router.tsx';
import { EXTERNAL_TONES_URL, PRODUCT_NAME, SUPPORT_EMAIL } from '@glyphary/shared';
import { paths } from '../../config/paths.ts';

/** spec §2 Home: the footer has a support link and a link to an external tones site. */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-line">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="font-display text-lg font-bold text-fg">{PRODUCT_NAME}</p>
          <p>Community Glyph Toys for the Nothing Phone.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            <li>
              <Link to={paths.search()} className="hover:text-fg hover:underline">
                Browse
              </Link>
            </li>
            <li>
              <Link to={paths.requestGlyphs} className="hover:text-fg hover:underline">
                Requests
              </Link>
            </li>
            <li>
              <Link to={paths.install} className="hover:text-fg hover:underline">
                Install on your phone
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-fg hover:underline">
                Support
              </a>
            </li>
            <li>
              <a href={EXTERNAL_TONES_URL} target="_blank" rel="noopener noreferrer" className="hover:text-fg hover:underline">
                Nothing Tones
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
