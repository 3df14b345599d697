import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { AUTH_MSG } from '@glyphary/shared';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../lib/router.tsx';
import { useAuth } from '../use-auth.ts';

const WELCOME_KEY = 'glyphary:welcome';

/** Remembers, for this tab, that the account was just created: the next page greets it (issue 48). */
export function markWelcome(): void {
  try {
    sessionStorage.setItem(WELCOME_KEY, '1');
  } catch {
    // Storage refused (private mode): no welcome, nothing else lost.
  }
}

function clearWelcome(): void {
  try {
    sessionStorage.removeItem(WELCOME_KEY);
  } catch {
    // As above.
  }
}

/**
 * The welcome after sign-up: two next steps, the storefront or a first share. Read after mount (the
 * server never renders it: it knows nothing of this tab), and gone once dismissed or followed.
 */
export function WelcomeCard() {
  const { user } = useAuth();
  const [show, setShow] = useState(false);
  useEffect(() => {
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, after hydration
      setShow(sessionStorage.getItem(WELCOME_KEY) === '1');
    } catch {
      setShow(false);
    }
  }, []);
  if (!show || !user) return null;
  const dismiss = () => {
    clearWelcome();
    setShow(false);
  };
  const name = user.name || user.username || '';
  return (
    <section aria-labelledby="welcome-heading" className="relative mb-8 flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-surface p-5 pr-14">
      <h2 id="welcome-heading" className="font-display text-xl font-bold">
        {AUTH_MSG.welcomeTitle(name)}
      </h2>
      <p className="text-sm text-muted">{AUTH_MSG.welcomeBody}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.settings} onClick={clearWelcome} className={buttonClasses({ variant: 'outline' })}>
          {AUTH_MSG.welcomeStorefront}
        </Link>
        <Link to={paths.upload} onClick={clearWelcome} className={buttonClasses({ variant: 'primary' })}>
          {AUTH_MSG.welcomeShare}
        </Link>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={AUTH_MSG.welcomeDismiss}
        className="absolute top-3 right-3 flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
      >
        <X size={18} aria-hidden="true" />
      </button>
    </section>
  );
}
