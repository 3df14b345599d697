import { ChevronDownIcon as ChevronDown } from '../../components/ui/shell-icons.tsx';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Avatar } from '../../components/ui/dot-text.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';

/** The user menu's trigger: avatar (picture or dot-matrix initial), display name, chevron. */
export const UserChip = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function UserChip(props, ref) {
  const { user, profile } = useAuth();
  const name = profile?.displayName || user?.name || user?.username || user?.email || '';
  return (
    <button
      ref={ref}
      type="button"
      className="flex h-11 items-center gap-2 rounded-full border border-line-strong py-1 pr-3 pl-1 hover:border-fg disabled:cursor-default data-[state=open]:border-fg"
      {...props}
    >
      <Avatar src={profile?.profilePicture} name={name} size={34} />
      <span className="max-w-36 truncate text-sm font-medium">
        <span className="sr-only">User menu: </span>
        {name}
      </span>
      <ChevronDown size={16} aria-hidden="true" className="text-muted" />
    </button>
  );
});
