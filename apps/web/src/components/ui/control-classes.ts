/** The classes of every text control (inputs, textareas, selects, the search and board filters). */
export const controlClasses =
  'w-full rounded-2xl border border-line-strong bg-surface px-4 py-3 text-base text-fg placeholder:text-subtle transition-colors hover:border-muted focus-visible:border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-accent-text';
