import type { QueryClient } from '@tanstack/react-query';
import { BOOT_NOT_FOUND_KEY } from '@glyphary/shared';

/** A 404 the page's first request got on the server (`BOOT_NOT_FOUND_KEY`). */
export interface EmbeddedNotFound {
  error: string;
  code: string;
}

/**
 * API answers the server embedded in the page (`<script id="glyphary-boot">`, keyed by the exact
 * GET URL; docs/decisions/0013-page-boot-data.md). Each one is handed out once, to the first request
 * for its URL, so the first render needs no round trip and every later request goes to the network.
 *
 * One instance per app, attached to its query client (lib/query-client.ts): every query function
 * gets the client in its context and passes the context on to the API client, which finds the
 * page's answers through it (`bootDataOf`). When the server pre-renders a page
 * (entry-server.tsx) it makes one from the page's answers with `prerendering` set: a request the
 * page does not carry is then not made at all.
 */
export class BootData {
  private readonly answers: Map<string, unknown>;
  /** True on the server: the page's render shows only what it carries, it never fetches. */
  readonly prerendering: boolean;

  private readonly notFound: Map<string, EmbeddedNotFound>;

  constructor(answers: Record<string, unknown> = {}, prerendering = false) {
    const { [BOOT_NOT_FOUND_KEY]: notFound, ...rest } = answers;
    this.answers = new Map(Object.entries(rest));
    this.notFound = new Map(notFound && typeof notFound === 'object' ? Object.entries(notFound as Record<string, EmbeddedNotFound>) : []);
    this.prerendering = prerendering;
  }

  /** The 404 the server got for `url` (removed once taken): the caller fails at once, as the request would. */
  takeNotFound(url: string): EmbeddedNotFound | undefined {
    const found = this.notFound.get(url);
    this.notFound.delete(url);
    return found;
  }

  /** The answers in this page's `<script id="glyphary-boot">` (the element is removed once read). */
  static fromPage(): BootData {
    const element = typeof document === 'undefined' ? null : document.getElementById('glyphary-boot');
    let answers: Record<string, unknown> = {};
    if (element?.textContent) {
      try {
        const parsed = JSON.parse(element.textContent) as unknown;
        if (parsed && typeof parsed === 'object') answers = parsed as Record<string, unknown>;
      } catch {
        // A malformed block only costs the shortcut: the client fetches as usual.
      }
      element.remove();
    }
    return new BootData(answers);
  }

  /** The embedded answer for `url` (removed once taken), or `undefined` when there is none. */
  take(url: string): { body: unknown } | undefined {
    const found = this.peek(url);
    this.answers.delete(url);
    return found;
  }

  /** The embedded answer for `url` without taking it (state that must be known on the first render). */
  peek(url: string): { body: unknown } | undefined {
    return this.answers.has(url) ? { body: this.answers.get(url) } : undefined;
  }
}

const byClient = new WeakMap<QueryClient, BootData>();

/** Makes `boot` the page's answers for every query `client` runs. */
export function attachBootData(client: QueryClient, boot: BootData): void {
  byClient.set(client, boot);
}

/** The page's answers attached to `client`, if any. */
export function bootDataOf(client: QueryClient | undefined): BootData | undefined {
  return client ? byClient.get(client) : undefined;
}
