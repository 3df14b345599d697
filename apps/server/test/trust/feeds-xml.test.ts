/**
 * Issue 46 item 7: a title or display name holding an XML-illegal character (U+FFFF, C0 controls) made the
 * site and storefront Atom feeds unreadable for every subscriber. Checked with a real XML parser (expat).
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph } from '../factories.ts';
import { users } from '../../src/db/schema/index.ts';
import { xmlSafe } from '../../src/modules/feeds/feeds.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Parses `xml` with Python's expat; returns the text of every `<title>`, or throws the parser's error. */
function parseTitles(xml: string): string[] {
  const script = 'import sys,json,xml.etree.ElementTree as E\nr=E.fromstring(sys.stdin.buffer.read())\nprint(json.dumps([e.text for e in r.iter("{http://www.w3.org/2005/Atom}title")]))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { input: Buffer.from(xml, 'utf8') }).toString()) as string[];
}

describe('issue 46 item 7: feeds stay well-formed XML', () => {
  it('xmlSafe removes exactly the characters XML 1.0 forbids', () => {
    expect(xmlSafe('a\uFFFFb\u0000c\u0008d\uD800e\uDFFFf\uFFFEg')).toBe('abcdefg');
    expect(xmlSafe('tab\tnl\nrc\r é ✓ \u{1F600} \uE000 \uFFFD')).toBe('tab\tnl\nrc\r é ✓ \u{1F600} \uE000 \uFFFD');
  });

  it('the site and storefront feeds parse with an illegal character in a title and a display name', async () => {
    const creator = await createUser(t.app);
    await t.database.db.update(users).set({ name: 'Bad\u0008Name\uFFFF' }).where(eq(users.id, creator.id));
    await insertGlyph(t.database, creator.id, { title: 'Ring\uFFFF of \u0001light' });
    for (const url of ['/feeds/latest.atom', `/storefront/${creator.username}/feed.atom`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(parseTitles(response.body).join('|'), url).toContain('Ring of light');
    }
  });
});
