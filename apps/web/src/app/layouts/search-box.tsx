import { SearchIcon as Search } from '../../components/ui/shell-icons.tsx';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';

/** The top bar's search: submits the trimmed term to /search?q=…; an empty term does nothing (spec §2). */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    navigate(paths.search(trimmed));
    setTerm('');
    onSubmitted?.();
  }
  return (
    <form role="search" onSubmit={handleSubmit} className={cn('relative', className)}>
      <Search size={16} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search glyphs"
        aria-label="Search glyphs"
        maxLength={100}
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-line-strong bg-surface pr-4 pl-10 text-sm text-fg placeholder:text-subtle hover:border-muted focus-visible:border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      />
    </form>
  );
}
