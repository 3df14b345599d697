import { Feed } from 'feed';
import { MSG, PRODUCT_NAME } from '@glyphary/shared';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FeedGlyph, FeedsRepository } from './feeds.repository.ts';

/** A feed's summary text: one paragraph of plain text. */
const summaryOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/**
 * Entry titles and summaries go out as `type="html"` in CDATA (how `feed` writes them):
 * user text is HTML-escaped so readers show it as text and never run markup, and an escaped `>`
 * means no text can close the CDATA section. Line breaks of changelogs become `<br />`.
 */
export function asHtmlText(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
    .replace(/\n/g, '<br />');
}
/** Characters XML 1.0 forbids anywhere (§2.2), lone surrogates included: one in a title made the feed unreadable (issue 46). */
const XML_ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The feed document with every XML-illegal character removed, so every reader can parse it. */
export const xmlSafe = (xml: string): string => xml.replace(XML_ILLEGAL, '');

// An empty feed still needs an `updated`: the epoch is stable, so readers see no change.
const EPOCH = new Date(0);

/**
 * Atom 1.0 feeds (issue 18), built with the `feed` library: a glyph's releases, a
 * creator's glyphs, the newest glyphs. Only live glyphs and published releases appear.
 */
export function createFeedsService({ feeds, publicUrl }: { feeds: FeedsRepository; publicUrl: string }) {
  const glyphUrl = (id: string) => `${publicUrl}/glyph/${id}`;

  function newFeed(options: { id: string; title: string; description: string; link: string; self: string; updated: Date }) {
    return new Feed({
      id: options.id,
      title: options.title,
      description: options.description,
      link: options.link,
      updated: options.updated,
      generator: PRODUCT_NAME,
      language: 'en',
      feedLinks: { atom: options.self },
      copyright: `Each Glyph Toy belongs to its creator; listed on ${PRODUCT_NAME}.`,
    });
  }

  function addGlyphs(feed: Feed, rows: FeedGlyph[], dateOf: (row: FeedGlyph) => Date) {
    for (const row of rows) {
      feed.addItem({
        id: glyphUrl(row.id),
        title: asHtmlText(row.title),
        link: glyphUrl(row.id),
        date: dateOf(row),
        published: row.createdAt,
        description: asHtmlText(summaryOf(row.description)),
        author: [{ name: `${row.creatorName} (@${row.creatorUsername})`, link: `${publicUrl}/storefront/${row.creatorUsername}` }],
      });
    }
  }

  return {
    /**
     * A glyph's published releases, newest first.
     * @throws AppError 404 for unknown or deleted glyphs.
     */
    async glyphReleases(id: string): Promise<string> {
      const glyph = isUuid(id) ? await feeds.findLiveGlyph(id.toLowerCase()) : undefined;
      if (!glyph) throw notFound(MSG.glyphNotFound);
      const rows = await feeds.releasesOf(glyph.id);
      const feed = newFeed({
        id: `${glyphUrl(glyph.id)}/releases.atom`,
        title: `${glyph.title} — releases on ${PRODUCT_NAME}`,
        description: summaryOf(glyph.description),
        link: glyphUrl(glyph.id),
        self: `${glyphUrl(glyph.id)}/releases.atom`,
        updated: rows[0]?.publishedAt ?? glyph.updatedAt,
      });
      for (const release of rows) {
        const version = release.versionName ?? (release.versionCode === null ? 'first release' : `version ${release.versionCode}`);
        const warning = release.signerChanged ? `${MSG.signingKeyChanged}. ` : '';
        feed.addItem({
          id: `${glyphUrl(glyph.id)}#release-${release.id}`,
          title: asHtmlText(`${glyph.title} ${version}`),
          link: `${glyphUrl(glyph.id)}#release-${release.id}`,
          date: release.publishedAt,
          description: asHtmlText(`${warning}${release.changelog}`.trim() || `${glyph.title} ${version}`),
          author: [{ name: `${glyph.creatorName} (@${glyph.creatorUsername})` }],
        });
      }
      return xmlSafe(feed.atom1());
    },

    /**
     * A creator's live glyphs, most recently updated first.
     * @throws AppError 404 'User not found'.
     */
    async storefront(username: string): Promise<string> {
      const user = /^[A-Za-z0-9_]{1,30}$/.test(username) ? await feeds.findUser(username) : undefined;
      if (!user) throw notFound(MSG.userNotFound);
      const rows = await feeds.glyphsOf(user.id);
      const page = `${publicUrl}/storefront/${user.username}`;
      const feed = newFeed({
        id: `${page}/feed.atom`,
        title: `${user.name} (@${user.username}) on ${PRODUCT_NAME}`,
        description: `Glyph Toys by @${user.username}`,
        link: page,
        self: `${page}/feed.atom`,
        updated: rows[0]?.updatedAt ?? EPOCH,
      });
      addGlyphs(feed, rows, (row) => row.updatedAt);
      return xmlSafe(feed.atom1());
    },

    /** The newest live glyphs site-wide. */
    async latest(): Promise<string> {
      const rows = await feeds.latestGlyphs();
      const feed = newFeed({
        id: `${publicUrl}/feeds/latest.atom`,
        title: `Newest Glyph Toys — ${PRODUCT_NAME}`,
        description: 'The newest Glyph Toys shared on Glyphary',
        link: `${publicUrl}/`,
        self: `${publicUrl}/feeds/latest.atom`,
        updated: rows[0]?.createdAt ?? EPOCH,
      });
      addGlyphs(feed, rows, (row) => row.createdAt);
      return xmlSafe(feed.atom1());
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
