import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApk, buildApkEntries, buildArsc, makeZip, resourceId, TWO_TOY_SPEC } from '@glyphary/test-support';
import { analyseApk } from './analyse-apk.ts';
import { ApkInvalidError } from './apk-error.ts';
import { ARSC_LIMITS, parseArsc } from './arsc.ts';
import { parseAxml } from './axml.ts';
import { ZIP_LIMITS, ZipArchive } from './zip-reader.ts';

const [manifestEntry, resourcesEntry] = buildApkEntries(TWO_TOY_SPEC);
const manifest = manifestEntry!.data;
const resources = resourcesEntry!.data;

/** Byte edits on a valid file: overwrite, truncate or splice in random bytes. */
function mutated(source: Buffer) {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
    fc.record({ kind: fc.constant('u32' as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(0, 1, 0xffffffff, 0x7fffffff, 1_000_000, 0x10000), fc.nat()) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 6 }).map((edits) => {
    let bytes = Buffer.from(source);
    for (const e of edits) {
      const at = e.at % Math.max(1, bytes.length);
      if (e.kind === 'set') bytes.set(e.bytes.subarray(0, Math.max(0, bytes.length - at)), at);
      else if (e.kind === 'u32' && at + 4 <= bytes.length) bytes.writeUInt32LE(e.value >>> 0, at);
      else if (e.kind === 'cut') bytes = bytes.subarray(0, at);
    }
    return bytes;
  });
}

/** The parser's contract on any input: a result or an ApkInvalidError, never another exception. */
function expectContained(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApkInvalidError);
  }
}

describe('APK parser fuzzing (property-based)', () => {
  it('parseAxml either parses or refuses with ApkInvalidError on mutated manifests', () => {
    fc.assert(fc.property(mutated(manifest), (bytes) => expectContained(() => parseAxml(bytes))), { numRuns: 1500 });
  });

  it('parseArsc and its lookups either answer or refuse with ApkInvalidError on mutated tables', () => {
    fc.assert(
      fc.property(mutated(resources), fc.array(fc.integer({ min: 0x7f000000, max: 0x7f05ffff }), { maxLength: 8 }), (bytes, ids) =>
        expectContained(() => {
          const table = parseArsc(bytes);
          for (const id of ids) table.resolve(id);
        }),
      ),
      { numRuns: 1500 },
    );
  });

  it('parseAxml refuses random bytes cleanly', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => expectContained(() => parseAxml(Buffer.from(bytes)))), { numRuns: 1000 });
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apk-fuzz-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('analyseApk on mutated whole APKs either reports or refuses with ApkInvalidError', async () => {
    const apk = buildApk(TWO_TOY_SPEC);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(mutated(apk), async (bytes) => {
        const file = path.join(dir, `${(n += 1)}.apk`);
        fs.writeFileSync(file, bytes);
        try {
          const { report } = await analyseApk(file);
          expect(report.packageName).toEqual(expect.any(String));
        } catch (error) {
          expect(error).toBeInstanceOf(ApkInvalidError);
        } finally {
          fs.rmSync(file, { force: true });
        }
      }),
      { numRuns: 300 },
    );
  });

  // Work bounds, counted by the test itself (wall-clock limits live in bench/, not in tests): what a
  // parser produces or visits is bounded by the budget derived from the input's size, whatever it claims.

  it('ZipArchive never yields more bytes than an entry declares, nor more in total than its budget', async () => {
    const entry = fc.record({
      data: fc.oneof(fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)), fc.integer({ min: 0, max: 400_000 }).map((n) => Buffer.alloc(n))),
      method: fc.constantFrom(0 as const, 8 as const),
      lie: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 12 }), async (entries) => {
        const zip = makeZip(entries.map((e, i) => ({ name: `e${i}`, data: e.data, method: e.method, ...(e.lie === undefined ? {} : { declaredSize: e.lie }) })));
        const ceiling = 2 * Math.min(ZIP_LIMITS.maxTotalBytes, Math.max(ZIP_LIMITS.minTotalBytes, ZIP_LIMITS.maxOverallRatio * zip.length)) + 16 * 1024 * 1024;
        let total = 0;
        try {
          const archive = ZipArchive.open(zip);
          await archive.verifyAll();
          for (const info of archive.entries) {
            let produced = 0;
            await archive.stream(info.name, (chunk) => {
              produced += chunk.length;
              total += chunk.length;
            });
            expect(produced).toBe(info.uncompressedSize);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(ApkInvalidError);
        }
        expect(total).toBeLessThanOrEqual(ceiling);
      }),
      { numRuns: 200 },
    );
  });

  it('ZipArchive refuses mutated APK archives cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(buildApk(TWO_TOY_SPEC)), async (bytes) => {
        try {
          const archive = ZipArchive.open(bytes);
          await archive.verifyAll();
        } catch (error) {
          expect(error).toBeInstanceOf(ApkInvalidError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('resolving any id of a table of random references stays within the lookup and value budgets', () => {
    const table = fc.record({
      entries: fc.integer({ min: 1, max: 12 }),
      copies: fc.integer({ min: 1, max: 400 }),
      refs: fc.array(fc.option(fc.integer({ min: 0, max: 13 }), { nil: undefined }), { minLength: 12, maxLength: 12 }),
    });
    fc.assert(
      fc.property(table, (spec) => {
        const entries = Array.from({ length: spec.entries }, (_, i) => {
          const target = spec.refs[i];
          return { key: `k${i}`, value: `v${i}`, ...(target === undefined ? {} : { ref: resourceId(1, target) }) };
        });
        const resources = parseArsc(buildArsc('com.example.fuzz', [{ name: 'string', entries, copies: spec.copies }]));
        for (let i = 0; i < spec.entries; i += 1) {
          try {
            expect(resources.resolve(resourceId(1, i)).length).toBeLessThanOrEqual(ARSC_LIMITS.maxValues);
          } catch (error) {
            expect(error).toBeInstanceOf(ApkInvalidError);
          }
        }
        expect(resources.lookups).toBeLessThanOrEqual(ARSC_LIMITS.maxLookups + 1);
      }),
      { numRuns: 200 },
    );
  });
});
