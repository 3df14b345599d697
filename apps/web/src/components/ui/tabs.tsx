import { createContext, use, useId, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// The WAI-ARIA tabs pattern as Radix Tabs implemented it for this app (automatic activation, arrow
// keys, Home/End, `data-state` for styling), in a few hundred bytes: Radix Tabs and its collection
// and roving-focus packages were ~9 KB gzip of the home page's initial JavaScript.

interface TabsState {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error('Tabs parts must be inside <Tabs>');
  return tabs;
}

const idOf = (baseId: string, kind: 'trigger' | 'content', value: string) => `${baseId}-${kind}-${value}`;

/** Accessible tabs: arrow keys move between triggers, content is linked to its trigger. */
export function Tabs({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) {
  const baseId = useId();
  return <TabsContext value={{ value, onValueChange, baseId }}>{children}</TabsContext>;
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = triggers.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: triggers.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = triggers[(next + triggers.length) % triggers.length];
    target?.focus();
    target?.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex max-w-full gap-1 overflow-x-auto rounded-full border border-line bg-surface p-1', className)}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'trigger', value)}
      aria-selected={active}
      aria-controls={idOf(tabs.baseId, 'content', value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !active) tabs.onValueChange(value);
      }}
      className={cn(
        'inline-flex h-9 items-center justify-center rounded-full px-4 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-white data-[state=active]:text-black',
        className,
      )}
      {...props}
    />
  );
}

/**
 * The active tab's panel. Not a tab stop of its own (its cards and links are): the next Tab after the
 * tab list goes into the content. A panel with nothing focusable in it may pass `tabIndex={0}`.
 */
export function TabsContent({ className, value, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state="active"
      className={cn('mt-6 focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}
