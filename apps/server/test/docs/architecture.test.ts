import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repoFiles } from './repo-files.ts';

// docs/architecture.md walks one glyph upload through the layers by file name (issue 22). Every
// backticked path in it must name a file or folder that exists, so the page cannot rot silently.

const text = fs.readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
const files = repoFiles();
const dirs = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** `a/b.ts`, `b.ts#fn`, `dir/`: a path, not an API route (`/api/…`), a package name or a value. */
const PATHLIKE = /^(?![/@])[\w.-]+(?:\/[\w.-]+)*\/?$/;
const HAS_EXTENSION = /\.(ts|tsx|js|mjs|json|md|sql|css|html)$/;

function backtickedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((m) => (m[1] as string).replace(/#.*$/, ''))
    .filter((token) => PATHLIKE.test(token) && (token.includes('/') || HAS_EXTENSION.test(token)));
}

/** A path from the root, or the end of one (`plugins/access.ts` under apps/server/src). */
function exists(token: string): boolean {
  const bare = token.replace(/\/$/, '');
  if (token.endsWith('/')) return dirs.has(bare) || [...dirs].some((dir) => dir.endsWith(`/${bare}`));
  return files.includes(bare) || files.some((file) => file.endsWith(`/${bare}`)) || dirs.has(bare);
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const paths = backtickedPaths(text);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((token) => !exists(token))).toEqual([]);
  });

  it('walks a glyph upload from the form through every server layer to the error handler', () => {
    const walk = text.split(/^## /m).find((section) => section.startsWith('One request through the layers'));
    expect(walk).toBeDefined();
    const named = backtickedPaths(walk!);
    // The form, the one API client, the hooks, route → service → repository → read model/presenter, errors.
    for (const layer of [
      /features\/glyphs\/components\/upload-glyph-form\.tsx$/,
      /lib\/api-client\.ts$/,
      /plugins\/access\.ts$/,
      /glyphs\.routes\.ts$/,
      /glyphs\.service\.ts$/,
      /glyphs\.repository\.ts$/,
      /glyphs\.presenter\.ts$/,
      /plugins\/error-handler\.ts$/,
    ])
      expect(
        named.some((token) => layer.test(token)),
        String(layer),
      ).toBe(true);
  });
});
