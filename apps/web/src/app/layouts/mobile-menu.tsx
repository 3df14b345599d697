import { MenuIcon as Menu } from '../../components/ui/shell-icons.tsx';
import { lazy, Suspense, useRef, useState } from 'react';

const loadSheet = () => import('./mobile-menu-sheet.tsx');
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/** The hamburger button; the sheet's code (Radix Dialog) loads on first use to keep the first load small. */
export function MobileMenu({ showSearch }: { showSearch: boolean }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="flex h-11 w-11 items-center justify-center rounded-full border border-line-strong hover:border-fg"
      >
        <Menu size={20} aria-hidden="true" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} setOpen={setOpen} showSearch={showSearch} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
