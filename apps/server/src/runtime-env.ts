/**
 * Imported first by main.ts. glibc gives threads that allocate their own malloc arenas (up to 8 per core);
 * libvips and PGlite leave tens of MB in each that are never handed back. MALLOC_ARENA_MAX must be in the
 * environment when the process starts, so on Linux the server re-executes itself once with it — same pid,
 * same Node flags and arguments — before anything else loads. Set it yourself to choose
 * another value; other platforms do not use glibc.
 */
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_ARENA_MAX: '2' });
}

export {};
