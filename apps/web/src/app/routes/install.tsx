import { InstallChoices, INSTALL_MSG } from '../../features/install/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /install (issue 49): add Glyphary's F-Droid repository, or follow toys with Obtainium. */
export function InstallRoute() {
  useDocumentTitle(INSTALL_MSG.pageTitle);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-bold">{INSTALL_MSG.pageTitle}</h1>
      <p className="text-muted">{INSTALL_MSG.intro}</p>
      <InstallChoices />
    </div>
  );
}
