import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Long text clamped to a few lines, with Show More / Show Less only when it overflows (spec §2). */
export function ExpandableText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);
  return (
    <div className="flex flex-col items-start gap-2">
      <p ref={ref} id="glyph-description" className={cn('whitespace-pre-line break-words text-fg/90', !expanded && 'line-clamp-4', className)}>
        {text}
      </p>
      {overflows || expanded ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls="glyph-description"
          className="rounded-full text-sm font-medium text-fg underline underline-offset-4 hover:text-muted"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
    </div>
  );
}
