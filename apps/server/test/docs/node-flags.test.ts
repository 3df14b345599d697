import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, SERVER_NODE_FLAGS, serverArgs } from '@glyphary/test-support';
import { REPO_ROOT } from './repo-files.ts';

// The server runs with the same Node flags wherever it starts. The tests and benchmarks
// start it through serverArgs(); `npm start` and the container image spell the command out.

const MAIN = 'apps/server/src/main.ts';

describe('the Node flags the server runs with', () => {
  it('are the same in npm start and in the container image as in the tests and benchmarks', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['start:server']).toBe(['node', ...SERVER_NODE_FLAGS, MAIN].join(' '));
    const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const cmds = dockerfile.split('\n').filter((line) => line.startsWith('CMD '));
    expect(cmds.at(-1)).toBe(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, MAIN]).replace(/","/g, '", "')}`);
    expect(serverArgs()).toEqual([...SERVER_NODE_FLAGS, path.join(REPO_ROOT, MAIN)]);
    expect(fs.existsSync(SERVER_MAIN)).toBe(true);
  });

  it('are flags this Node accepts (a misspelt one stops node before the server starts)', () => {
    const run = (flags: readonly string[]) => spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    const ours = run(SERVER_NODE_FLAGS);
    expect(ours.stderr).toBe('');
    expect(ours.status).toBe(0);
    // The check itself can fail: a flag V8 does not know is refused.
    expect(run(['--no-memory-reducr']).status).not.toBe(0);
  });
});
