import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';

/** A glyph's tags as chips; each opens the catalogue filtered by that tag (issue 17). */
export function TagChips({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`${paths.search()}?tags=${encodeURIComponent(tag)}`}
            className="inline-flex items-center rounded-full border border-line-strong px-2.5 py-0.5 font-mono text-[0.7rem] font-medium tracking-wider text-fg uppercase hover:border-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
