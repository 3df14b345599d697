import { createElement, type SVGProps } from 'react';

/** What a lucide-react icon module hands to `createLucideIcon`: its name and SVG children. */
export interface LucideIconData {
  name?: string;
  aliases?: readonly string[];
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>;
}

export type LucideIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

/** lucide's test for a label: an `aria-*`, `role` or `title` prop with a value. */
const isLabelled = (props: Record<string, unknown>) =>
  Object.entries(props).some(([name, value]) => value != null && (name.startsWith('aria-') || name === 'role' || name === 'title'));

/**
 * Stands in for lucide-react's `createLucideIcon`: the build points lucide's icon modules here
 * (vite.config.ts, decision 0044). It draws the same SVG for the props the app passes (`size`,
 * `className`, `aria-*`, `fill` — `lucide-icon.test.tsx` compares the markup with lucide's own),
 * without lucide's runtime (icon context, absolute stroke widths, alias classes: ~1 KB gzip that
 * every page loaded).
 */
export default function createLucideIcon({ name, aliases = [], node }: LucideIconData) {
  const iconClasses = ['lucide', ...[name, ...aliases].filter(Boolean).map((alias) => `lucide-${alias}`)];
  function LucideIcon({ size = 24, className, ...rest }: LucideIconProps) {
    const classes = [...iconClasses, ...(className?.split(' ') ?? [])].filter(Boolean);
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...new Set(classes)].join(' '),
        ...(isLabelled(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      node.map(([tag, attrs]) => createElement(tag, attrs)),
    );
  }
  return LucideIcon;
}
