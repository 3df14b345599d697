/**
 * API answers the server embedded in the page (`<script id="glyphary-boot">`, keyed by the exact
 * GET URL; docs/decisions/0013-page-boot-data.md). Each one is handed out once, to the first request
 * for its URL, so the first render needs no round trip and every later request goes to the network.
 * When the server pre-renders a page (entry-server.tsx) it installs the same answers with
 * {@link setServerBootData}.
 */
let embedded: Map<string, unknown> | null = null;
let serverRendering = false;

function readPage(): Map<string, unknown> {
  const data = new Map<string, unknown>();
  const element = typeof document === 'undefined' ? null : document.getElementById('glyphary-boot');
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as unknown;
      if (parsed && typeof parsed === 'object') for (const [url, body] of Object.entries(parsed)) data.set(url, body);
    } catch {
      // A malformed block only costs the shortcut: the client fetches as usual.
    }
    element.remove();
  }
  return data;
}

function load(): Map<string, unknown> {
  embedded ??= readPage();
  return embedded;
}

/** The embedded answer for `url` (removed once taken), or `undefined` when there is none. */
export function takeBootResponse(url: string): { body: unknown } | undefined {
  const data = load();
  if (!data.has(url)) return undefined;
  const body = data.get(url);
  data.delete(url);
  return { body };
}

/** The embedded answer for `url` without taking it (state that must be known on the first render). */
export function peekBootResponse(url: string): { body: unknown } | undefined {
  const data = load();
  return data.has(url) ? { body: data.get(url) } : undefined;
}

/** Server pre-rendering only: the answers of the page being rendered (null when it is done). */
export function setServerBootData(data: Record<string, unknown> | null): void {
  serverRendering = data !== null;
  embedded = data ? new Map(Object.entries(data)) : new Map();
}

/** True while the server pre-renders a page: requests that the page does not carry are not made. */
export function isServerRendering(): boolean {
  return serverRendering;
}
