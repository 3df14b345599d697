import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApk, buildApkEntries, TWO_TOY_SPEC } from '@glyphary/test-support';
import { analyseApk } from './analyse-apk.ts';
import { ApkInvalidError } from './apk-error.ts';
import { parseArsc } from './arsc.ts';
import { parseAxml } from './axml.ts';

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
});
