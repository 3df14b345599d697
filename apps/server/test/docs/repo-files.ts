import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository's own files, for the tests that keep docs pointing at things that exist.

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report']);

/** Every file git tracks or would track (untracked, not ignored), relative to the root; a walk without git. */
export function repoFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && fs.existsSync(path.join(REPO_ROOT, file)));
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
        if (SKIPPED.has(entry.name)) continue;
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(relative);
        else files.push(relative);
      }
    };
    walk('');
    return files;
  }
}
