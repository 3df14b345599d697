import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repoFiles } from './repo-files.ts';

// Decision records are superseded by new records, never amended in place (issue 22): each one keeps
// its accepted text, its status line says which later record replaced which part, and every citation
// of a record in code and docs names one that exists.

const DIR = path.join(REPO_ROOT, 'docs/decisions');

interface DecisionRecord {
  number: string;
  file: string;
  text: string;
  /** The lines before the first `## ` heading: title, date, status. */
  header: string;
}

const records: DecisionRecord[] = fs
  .readdirSync(DIR)
  // The index (README.md) is not a record.
  .filter((file) => /^\d{4}-.*\.md$/.test(file))
  .sort()
  .map((file) => {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    return { number: file.slice(0, 4), file, text, header: text.split(/^## /m)[0] ?? '' };
  });
const numbers = new Set(records.map((record) => record.number));

/** `supersedes … 0021 (…)` / `amends 0014`: the records this one replaces a part of. */
const supersededBy = (record: DecisionRecord) =>
  [...record.header.matchAll(/\b(?:supersedes|amends)\b([^.;)]*)/gi)].flatMap((m) => m[1]?.match(/\b\d{4}\b/g) ?? []);

describe('decision records', () => {
  it('are named NNNN-slug.md, numbered once, titled with their number', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.file, record.file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      expect(record.text.split('\n')[0], record.file).toMatch(new RegExp(`^# ${record.number} — \\S`));
    }
    expect(numbers.size).toBe(records.length);
  });

  it('each have a date and a status line that says accepted, proposed or rejected', () => {
    for (const record of records) {
      // `- Date:` is the house form; a bare `Date:` line is accepted too, so only what matters fails.
      expect(record.header, record.file).toMatch(/^(?:- )?Date: \d{4}-\d{2}-\d{2}/m);
      expect(record.header, record.file).toMatch(/^(?:- )?Status: (accepted|proposed|rejected)\b/im);
    }
  });

  it('are not amended in place: no "Amended" sections', () => {
    const amended = records.filter((record) => /^#+ .*\bamended\b/im.test(record.text)).map((record) => record.file);
    expect(amended).toEqual([]);
  });

  it('that supersede or amend a record name one that exists, and that record says so in its status', () => {
    for (const record of records) {
      for (const older of supersededBy(record)) {
        expect(numbers, `${record.file} supersedes ${older}`).toContain(older);
        const target = records.find((r) => r.number === older)!;
        expect(target.header, `${target.file} should say it is superseded by ${record.number}`).toMatch(
          new RegExp(`superseded\\s+(?:in\\s+part\\s+)?by\\s+${record.number}\\b`, 'i'),
        );
      }
    }
  });

  it('that say they are superseded name the records that supersede them', () => {
    for (const record of records) {
      for (const match of record.header.matchAll(/superseded\s+(?:in\s+part\s+)?by\s+(\d{4})/gi)) {
        const newer = records.find((r) => r.number === match[1]);
        expect(newer, `${record.file}: no record ${match[1]}`).toBeDefined();
        expect(supersededBy(newer!), `${newer!.file} should say it supersedes ${record.number}`).toContain(record.number);
      }
    }
  });
});

describe('citations of decision records in code and docs', () => {
  const TEXT = /\.(ts|tsx|js|mjs|md|sql|json|ya?ml|html|css)$/;
  const files = repoFiles().filter(
    (file) => TEXT.test(file) && !file.startsWith('bench/results/') && !file.endsWith('package-lock.json'),
  );

  it('resolve: every docs/decisions/NNNN path and every "decision NNNN" names an existing record', () => {
    const dangling: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      for (const match of text.matchAll(/docs\/decisions\/(\d{4})([\w.-]*)/g)) {
        const [cited, number, rest] = match as unknown as [string, string, string];
        const ok = rest.endsWith('.md') ? fs.existsSync(path.join(REPO_ROOT, cited)) : numbers.has(number);
        if (!ok) dangling.push(`${file}: ${cited}`);
      }
      for (const match of text.matchAll(/\bdecisions?(?: records?)?((?:[\s,]+(?:and\s+|or\s+)?\d{4}\b)+)/gi))
        for (const number of match[1]?.match(/\d{4}/g) ?? [])
          if (!numbers.has(number)) dangling.push(`${file}: ${match[0].trim()}`);
    }
    expect(dangling).toEqual([]);
  });
});
