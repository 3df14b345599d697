import { Fragment } from 'react';

// http(s) links only; anything else stays text. React escapes every piece (no HTML is ever injected).
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

/** Plain text with its http(s) links clickable (SECURITY "Rendering": React text, ugc links). */
export function LinkifiedText({ text }: { text: string }) {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    // A sentence's closing punctuation is not part of the link.
    const raw = match[0].replace(/[.,;:!?]+$/, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    let href: string | undefined;
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = undefined;
    }
    parts.push(href ? { text: raw, href } : { text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return (
    <>
      {parts.map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank" className="break-all text-white underline underline-offset-2 hover:text-accent">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
