import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;
const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

/**
 * Plain user text with its line breaks kept and its http(s) links clickable — built from React
 * text nodes and anchors only (SECURITY "Rendering": never dangerouslySetInnerHTML).
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className={`whitespace-pre-line break-words ${className ?? ''}`}>
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel={EXTERNAL_REL} className="underline underline-offset-4 hover:text-muted">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}
