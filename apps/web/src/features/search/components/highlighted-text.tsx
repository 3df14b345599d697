import { highlightParts } from '../lib/highlight.ts';

/** `text` with the words matching `term` in <mark>: React text nodes only, no HTML injection. */
export function HighlightedText({ text, term }: { text: string; term: string }) {
  const parts = highlightParts(text, term);
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-accent/25 px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
