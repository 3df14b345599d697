import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLucideIcon as lucideCreateIcon } from 'lucide-react';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from './lucide-icon.tsx';

// The web tests run without vite.config.ts's alias, so 'lucide-react' here is lucide's own runtime.
// Every icon the app imports from lucide-react, by the module that draws it (Trash2 is `trash`,
// CircleAlert `circle-exclamation-point`); a new one is checked once added here.
const ICONS = 'arrow-left arrow-right bell calendar-days chevron-down circle-exclamation-point circle-check database download external-link eye eye-off file-archive flag git-branch globe heart heart-off image-plus info log-out map-pin pause pencil play plus repeat search share-2 star thumbs-up trash upload x'.split(' ');
const iconData = async (name: string) => ((await import(`../../../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: LucideIconData }).__iconData;

// Every way the app passes props to a lucide icon (size, aria-hidden, className, fill), plus a label.
const propSets: LucideIconProps[] = [
  {},
  { size: 16, 'aria-hidden': 'true' },
  { size: 18, className: 'text-accent shrink-0', 'aria-hidden': 'true' },
  { size: 14, fill: 'currentColor', 'aria-hidden': 'true' },
  { 'aria-label': 'Liked' },
];

describe('createLucideIcon (the build’s stand-in for lucide’s)', () => {
  for (const name of ICONS) {
    it(`draws ${name} exactly as lucide-react does`, async () => {
      const data = await iconData(name);
      const ours = createLucideIcon(data);
      // Typed for its older (name, node) form; at run time it takes the icon data as the modules pass it.
      const theirs = (lucideCreateIcon as unknown as (icon: LucideIconData) => ComponentType<LucideIconProps>)(data);
      for (const props of propSets) {
        expect(renderToStaticMarkup(createElement(ours, props))).toBe(renderToStaticMarkup(createElement(theirs, props)));
      }
    });
  }
});
