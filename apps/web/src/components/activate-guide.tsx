import { useId } from 'react';
import { INSTALL_MSG } from '@glyphary/shared';

/**
 * After a download: how to turn the toy on (issue 18). Install the APK, then Settings → Glyph
 * Interface → Glyph Toys; Always-on toys on Phone (4a) Pro go under Flip to Glyph.
 */
export function ActivateGuide({ onDismiss }: { onDismiss?: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-sm">
      <h2 id={headingId} className="font-medium">
        {INSTALL_MSG.activateHeading}
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-fg/90">
        <li>{INSTALL_MSG.activateInstall}</li>
        <li>{INSTALL_MSG.activateOpen}</li>
      </ol>
      <p className="text-muted">{INSTALL_MSG.activateAod}</p>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="self-start text-muted underline underline-offset-4 hover:text-fg">
          {INSTALL_MSG.activateDismiss}
        </button>
      ) : null}
    </section>
  );
}
