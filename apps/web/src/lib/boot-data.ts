/**
 * API answers the server embedded in the page (`<script id="glyphary-boot">`, keyed by the exact
 * GET URL; docs/decisions/0013-page-boot-data.md). Each one is handed out once, to the first request
 * for its URL, so the first render needs no round trip and every later request goes to the network.
 */
let embedded: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (embedded) return embedded;
  embedded = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById('glyphary-boot');
  if (element?.textContent) {
    try {
      const data = JSON.parse(element.textContent) as unknown;
      if (data && typeof data === 'object') for (const [url, body] of Object.entries(data)) embedded.set(url, body);
    } catch {
      // A malformed block only costs the shortcut: the client fetches as usual.
    }
    element.remove();
  }
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
