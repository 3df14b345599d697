import type { Page } from '@playwright/test';
import { MSG } from '@glyphary/shared';
import { expect, jsonHeaders, signInAsSuperAdmin, signUpViaApi, test, uniqueUser } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

// SECURITY.md "Rendering" (stored XSS sweep): hostile text stored through the API in every field a page
// renders, then every such page opened in Chromium. Fails on any dialog, any executed payload (each sets
// window.__xss), any DOM node carrying an injected handler or javascript: link, and any CSP violation.

const MARK = `x${Date.now().toString(36)}`;
/** Payloads, each short enough for the tightest field it goes into; every one would set window.__xss. */
const P = {
  img: `<img src=x onerror="window.__xss=1">`,
  script: `"><script>window.__xss=1</script>`,
  svg: `<svg onload=window.__xss=1>`,
  meta: `</title><script>window.__xss=1</script><meta x="`,
  attr: `' onmouseover='window.__xss=1' x='`,
  template: `{{constructor.constructor('window.__xss=1')()}}`,
  js: 'javascript:window.__xss=1',
};
const TITLE = `${MARK} ${P.meta}`.slice(0, 100);
const DESCRIPTION = Object.values(P).join(' ');
const INSTRUCTIONS = `Step 1 ${P.img}\nStep 2 ${P.script}\n${P.js}`;
const DISPLAY_NAME = `${MARK}${P.img}`.slice(0, 50);
const REQUEST_TITLE = `${MARK} req ${P.script}`.slice(0, 100);

/** Records dialogs, CSP violations (event and console) and page errors; checks the payload flag. */
async function arm(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) problems.push(`console CSP: ${message.text()}`);
  });
  return problems;
}

async function expectClean(page: Page, problems: string[], where: string) {
  // A pre-rendered page shows its text before the app runs; judge it once the app has taken it over
  // (its page data, an inert JSON script holding the escaped text, is removed by then).
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
    // Nodes a payload would have created: handler attributes, javascript: URLs, injected script/svg/meta.
    handlers: Array.from(document.querySelectorAll('*'))
      .filter((el) => Array.from(el.attributes).some((a) => /^on/i.test(a.name)))
      .map((el) => el.outerHTML.slice(0, 120)),
    jsLinks: Array.from(document.querySelectorAll('a[href], [src], form[action]'))
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? '')
      .filter((url) => /^\s*(javascript|data:text\/html|vbscript):/i.test(url)),
    injectedScripts: Array.from(document.querySelectorAll('script')).filter((s) => (s.textContent ?? '').includes('__xss'))
      .length,
  }));
  expect({ where, ...state, problems }).toEqual({
    where,
    xss: null,
    csp: [],
    handlers: [],
    jsLinks: [],
    injectedScripts: 0,
    problems: [],
  });
}

test.describe('stored XSS sweep', () => {
  test.describe.configure({ timeout: 180_000 });

  test('hostile text in every rendered field never runs, on every page that shows it', async ({
    page,
    playwright,
    extraHTTPHeaders,
  }) => {
    // The attacker stores the payloads through the API.
    const attackerRequest = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
    const attacker = uniqueUser('xss');
    await signUpViaApi(attackerRequest, attacker);

    // javascript: (any spelling), data: and other schemes are refused server-side in every URL field.
    const badUrls = [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ];
    for (const website of badUrls) {
      const refused = await attackerRequest.post('/api/update-user', { headers: jsonHeaders, data: { website } });
      expect(refused.status(), website).toBe(400);
      expect((await refused.json()).error).toBe(MSG.urlInvalid);
    }
    for (const githubUrl of badUrls) {
      const refused = await attackerRequest.post('/api/upload-glyph', {
        headers: jsonHeaders,
        data: { title: 'Bad link', description: 'x', githubUrl },
      });
      expect(refused.status(), githubUrl).toBe(400);
    }
    const profile = await attackerRequest.post('/api/update-user', {
      headers: jsonHeaders,
      data: {
        displayName: DISPLAY_NAME,
        bio: `${MARK} ${DESCRIPTION}`.slice(0, 500),
        location: `${P.svg}`.slice(0, 100),
        website: `https://example.com/?q="><img/src=x/onerror=window.__xss=1>`,
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const glyphResponse = await attackerRequest.post('/api/upload-glyph', {
      headers: jsonHeaders,
      data: {
        title: TITLE,
        description: DESCRIPTION,
        instructions: INSTRUCTIONS,
        githubUrl: `https://github.com/example/x?"><script>window.__xss=1</script>`,
      },
    });
    expect(glyphResponse.status(), await glyphResponse.text()).toBe(200);
    const glyphId = ((await glyphResponse.json()) as { id: string }).id;
    const requestResponse = await attackerRequest.post('/api/glyph-requests', {
      headers: jsonHeaders,
      data: {
        title: REQUEST_TITLE,
        description: `${MARK} ${DESCRIPTION}`,
        tags: `${P.svg},"><b onclick=alert(1)>x, javascript:alert(1)`,
      },
    });
    expect(requestResponse.status(), await requestResponse.text()).toBe(200);
    const requestId = ((await requestResponse.json()) as { id: string }).id;

    // The victim: the super admin (sees every page, admin tabs included), with the glyph liked and the request taken on.
    await signInAsSuperAdmin(page.context());
    expect((await page.request.post('/api/toggle-like', { headers: jsonHeaders, data: { glyphId } })).status()).toBe(200);
    expect(
      (await page.request.post(`/api/glyph-requests/${requestId}/take-on`, { headers: { origin: BASE_URL } })).status(),
    ).toBe(200);

    const problems = await arm(page);
    const visits: Array<[string, string, string]> = [
      ['home', '/', MARK],
      ['glyph detail', `/glyph/${glyphId}`, MARK],
      ['storefront', `/storefront/${attacker.username}`, MARK],
      ['search (hostile term)', `/search?q=${encodeURIComponent(`${MARK} ${P.img}`)}`, MARK],
      ['search', `/search?q=${MARK}`, MARK],
      ['liked', '/liked', MARK],
      // Taken on above: the in-progress board, which few tests add to (the open one's first page moves all the time).
      ['request board', '/request-glyphs?status=in_progress', MARK],
      ['request detail', `/request-glyphs/${requestId}`, MARK],
      ['my requests', '/my-requests', MARK],
      ['admin users', '/admin?tab=users', attacker.username],
      ['admin glyphs', '/admin?tab=glyphs', MARK],
      ['admin requests', '/admin?tab=requests', MARK],
      ['admin audit', '/admin?tab=audit', 'Audit'],
      ['admin statistics', '/admin', 'Statistics'],
    ];
    for (const [where, url, expected] of visits) {
      await page.goto(url);
      // The hostile text is on screen, as text: the page really rendered it.
      await expect(page.getByText(expected).first(), where).toBeVisible();
      await page.mouse.move(5, 5);
      await page.mouse.move(640, 400); // hover handlers, if an attribute ever got through
      await expectClean(page, problems, where);
    }

    // Every external link on the glyph page and storefront is http(s) with the safe rel; click the website link.
    await page.goto(`/storefront/${attacker.username}`);
    const external = page.locator('a[target="_blank"]');
    for (const link of await external.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    await expectClean(page, problems, 'storefront links');

    // The server-rendered HTML (Open Graph tags) escapes the stored text.
    for (const url of [`/glyph/${glyphId}`, `/storefront/${attacker.username}`]) {
      const html = await (await page.request.get(url)).text();
      expect(html, url).not.toContain('<script>window.__xss');
      expect(html, url).not.toMatch(/<img src=x onerror/i);
    }
    await attackerRequest.dispose();
  });
});
