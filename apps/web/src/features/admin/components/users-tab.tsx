import { useDeferredValue, useState } from 'react';
import { ADMIN_MSG, formatCount } from '@glyphary/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Avatar } from '../../../components/ui/dot-text.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { filterUsers } from '../lib/metrics.ts';

/** spec §2 Users: client-side search, avatar, name, @username, email, admin badge, Make Admin for non-admins. */
export function UsersTab() {
  const users = useAdminUsers('all');
  const makeAdmin = useMakeAdmin();
  const toast = useToast();
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const visible = filterUsers(users.data?.users ?? [], deferredTerm);

  function handleMakeAdmin(id: string) {
    makeAdmin.mutate(id, {
      onSuccess: () => toast.success(ADMIN_MSG.userPromoted),
      onError: () => toast.error(ADMIN_MSG.userPromoteFailed),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <Input
        label="Search users"
        type="search"
        placeholder="Username, display name or email"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        containerClassName="max-w-md"
      />
      {users.isPending ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : visible.length === 0 ? (
        <EmptyState title="No users found" headingLevel={3} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {formatCount(visible.length)} of {formatCount(users.data?.total ?? 0)} users
          </p>
          <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line">
            {visible.map((user) => (
              <li key={user.uid} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <Avatar src={user.profilePicture} name={user.displayName || user.username} size={40} />
                  <div className="flex min-w-0 flex-col">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="truncate">{user.displayName}</span>
                      {user.isSuperAdmin ? (
                        <Badge tone="accent">Super Admin</Badge>
                      ) : user.isAdmin ? (
                        <Badge tone="inverse">Admin</Badge>
                      ) : null}
                    </p>
                    <p className="truncate text-sm text-muted">@{user.username}</p>
                    <p className="truncate text-sm text-muted">{user.email}</p>
                  </div>
                </div>
                {!user.isAdmin ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => handleMakeAdmin(user.uid)}
                    loading={makeAdmin.isPending && makeAdmin.variables === user.uid}
                    aria-label={`Make Admin @${user.username}`}
                  >
                    Make Admin
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
