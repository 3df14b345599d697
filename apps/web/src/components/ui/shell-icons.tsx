import type { SVGProps } from 'react';
import { cn } from '../../lib/cn.ts';

/*
 * The five lucide-react icons the app shell (top bar, search box, user chip, toasts) draws on
 * first paint, as plain SVG with the same paths and attributes. Importing them from lucide-react
 * would put its icon runtime in the initial bundle (DESIGN §5: initial JS budget); pages keep
 * using lucide-react, loaded with their own chunks.
 */

type ShellIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function shellIcon(name: string, paths: ReadonlyArray<SVGProps<SVGPathElement> | SVGProps<SVGCircleElement>>) {
  function ShellIcon({ size = 24, className, ...rest }: ShellIconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('lucide', `lucide-${name}`, className)}
        {...rest}
      >
        {paths.map((attrs, i) => ('r' in attrs ? <circle key={i} {...(attrs as SVGProps<SVGCircleElement>)} /> : <path key={i} {...(attrs as SVGProps<SVGPathElement>)} />))}
      </svg>
    );
  }
  return ShellIcon;
}

/** lucide "menu". */
export const MenuIcon = shellIcon('menu', [{ d: 'M4 5h16' }, { d: 'M4 12h16' }, { d: 'M4 19h16' }]);
/** lucide "search". */
export const SearchIcon = shellIcon('search', [{ d: 'm21 21-4.34-4.34' }, { cx: '11', cy: '11', r: '8' }]);
/** lucide "upload". */
export const UploadIcon = shellIcon('upload', [{ d: 'M12 3v12' }, { d: 'm17 8-5-5-5 5' }, { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' }]);
/** lucide "chevron-down". */
export const ChevronDownIcon = shellIcon('chevron-down', [{ d: 'm6 9 6 6 6-6' }]);
/** lucide "x". */
export const XIcon = shellIcon('x', [{ d: 'M18 6 6 18' }, { d: 'm6 6 12 12' }]);
