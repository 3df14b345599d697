import { Link } from '../../lib/router.tsx';
import { PRODUCT_NAME } from '@glyphary/shared';
import { paths } from '../../config/paths.ts';

/** The wordmark: a round dot mark and the product name in the dot-matrix face. */
export function Logo() {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-full" aria-label={`${PRODUCT_NAME} home`}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="13.5" fill="none" stroke="currentColor" strokeOpacity="0.35" />
        {[8, 14, 20].flatMap((y) => [8, 14, 20].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="2" fill={x === 20 && y === 8 ? '#d71921' : 'currentColor'} />))}
      </svg>
      <span className="font-display text-xl font-bold tracking-wider">{PRODUCT_NAME}</span>
    </Link>
  );
}
