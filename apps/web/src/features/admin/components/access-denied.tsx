import { Link } from '../../../lib/router.tsx';
import { ADMIN_MSG } from '@glyphary/shared';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';

/** spec §2: the 'Access Denied' view with Return to Home (shown when the server refuses admin calls). */
export function AccessDenied() {
  return (
    <EmptyState
      title={ADMIN_MSG.accessDenied}
      description="You need admin rights to open the admin panel."
      action={
        <Link to={paths.home} className={buttonClasses({ variant: 'secondary' })}>
          Return to Home
        </Link>
      }
    />
  );
}
