import { useId } from 'react';
import { MSG } from '@glyphary/shared';

/**
 * After a download: how to turn the toy on (issue 18). Install the APK, then Settings → Glyph
 * Interface → Glyph Toys; Always-on toys on Phone (4a) Pro go under Flip to Glyph.
 */
export function ActivateGuide({ onDismiss }: { onDismiss?: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-sm">
      <h2 id={headingId} className="font-medium">
        {MSG.activateHeading}
      </h2>
      <ol className="list-decimal space-y-1 pl-5 text-fg/90">
        <li>{MSG.activateInstall}</li>
        <li>{MSG.activateOpen}</li>
      </ol>
      <p className="text-muted">{MSG.activateAod}</p>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="self-start text-muted underline underline-offset-4 hover:text-fg">
          {MSG.activateDismiss}
        </button>
      ) : null}
    </section>
  );
}
