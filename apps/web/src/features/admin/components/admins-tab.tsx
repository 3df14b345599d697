import { useState, type FormEvent } from 'react';
import { type UserProfile, ADMIN_MSG, COMMON_MSG } from '@glyphary/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Avatar } from '../../../components/ui/dot-text.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddAdmin } from '../api/add-admin.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useRemoveAdmin } from '../api/remove-admin.ts';

/**
 * spec §2 Admins: add an admin by email (button disabled while empty) and the list with a Super Admin badge.
 * `canRemoveAdmins` (the super admin only, issue 19): each other admin gets 'Remove Admin', confirmed first.
 */
export function AdminsTab({ canRemoveAdmins = false }: { canRemoveAdmins?: boolean }) {
  const admins = useAdminUsers('admin');
  const addAdmin = useAddAdmin();
  const removeAdmin = useRemoveAdmin();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [demote, setDemote] = useState<UserProfile | null>(null);

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    addAdmin.mutate(value, {
      onSuccess: () => {
        toast.success(ADMIN_MSG.adminAdded);
        setEmail('');
      },
      onError: (error) => toast.error(ADMIN_MSG.adminAddFailed(errorMessage(error, COMMON_MSG.internal))),
    });
  }

  function handleRemove() {
    if (!demote) return;
    removeAdmin.mutate(demote.uid, {
      onSuccess: () => toast.success(ADMIN_MSG.adminRemoved),
      onError: (error) => toast.error(errorMessage(error, ADMIN_MSG.adminRemoveFailed)),
      onSettled: () => setDemote(null),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Add Admin</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleAdd} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Input
              label="Email address"
              type="email"
              autoComplete="off"
              placeholder="person@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              containerClassName="flex-1"
            />
            <Button type="submit" variant="secondary" disabled={!email.trim()} loading={addAdmin.isPending}>
              Add Admin
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Current Admins</CardTitle>
        </CardHeader>
        <CardContent>
          {admins.isPending ? (
            <Skeleton className="h-24" />
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {(admins.data?.users ?? []).map((admin) => (
                <li key={admin.uid} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <Avatar src={admin.profilePicture} name={admin.displayName || admin.username} size={40} />
                    <div className="flex min-w-0 flex-col">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="truncate">{admin.displayName}</span>
                        {admin.isSuperAdmin ? <Badge tone="accent">Super Admin</Badge> : <Badge tone="inverse">Admin</Badge>}
                      </p>
                      <p className="truncate text-sm text-muted">
                        @{admin.username} · {admin.email}
                      </p>
                    </div>
                  </div>
                  {canRemoveAdmins && !admin.isSuperAdmin ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDemote(admin)}
                      aria-label={`Remove Admin @${admin.username}`}
                    >
                      Remove Admin
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={demote !== null}
        onOpenChange={(open) => {
          if (!open) setDemote(null);
        }}
        title="Remove admin rights"
        description={ADMIN_MSG.adminRemoveConfirm}
        confirmLabel="Remove Admin"
        pendingLabel="Removing..."
        destructive
        pending={removeAdmin.isPending}
        onConfirm={handleRemove}
      />
    </div>
  );
}
