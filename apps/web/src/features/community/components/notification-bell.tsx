import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Link } from '../../../lib/router.tsx';
import { ADMIN_MSG, COMMUNITY_MSG, formatDate } from '@glyphary/shared';
import { useAdminQueueCounts } from '../api/admin-queue.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';

const itemClasses =
  'flex w-full cursor-pointer flex-col gap-0.5 rounded-xl px-3 py-2.5 text-left text-sm text-fg outline-none select-none data-[highlighted]:bg-overlay data-[highlighted]:text-white';

/** The notification bell in the top bar (issue 19): unread count, the latest notices, mark read. Radix menu: keyboard-accessible. */
export function NotificationBell({ isAdmin = false }: { isAdmin?: boolean }) {
  const notifications = useNotifications(true);
  // Admins also see what waits for them: open reports and held releases (issue 48).
  const queue = useAdminQueueCounts(isAdmin);
  const waiting = isAdmin && queue.data ? queue.data : null;
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  const list = notifications.data?.notifications ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className="relative flex h-10 w-10 items-center justify-center rounded-full text-fg hover:bg-raised focus-visible:outline-2 focus-visible:outline-white"
      >
        <Bell size={18} aria-hidden="true" />
        {unread > 0 ? (
          <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center font-mono text-[0.65rem] leading-5 font-bold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 max-h-[70dvh] w-80 overflow-y-auto rounded-2xl border border-line bg-raised p-1.5 shadow-2xl">
          <DropdownMenu.Label className="flex items-center justify-between px-3 pt-2 pb-2 text-xs text-muted">{COMMUNITY_MSG.notificationsTitle}</DropdownMenu.Label>
          {waiting && waiting.openReports + waiting.heldReleases > 0 ? (
            <DropdownMenu.Group aria-label={ADMIN_MSG.bellAdminLabel}>
              {waiting.openReports > 0 ? (
                <DropdownMenu.Item asChild className={itemClasses}>
                  <Link to="/admin?tab=reports">{ADMIN_MSG.bellOpenReports(waiting.openReports)}</Link>
                </DropdownMenu.Item>
              ) : null}
              {waiting.heldReleases > 0 ? (
                <DropdownMenu.Item asChild className={itemClasses}>
                  <Link to="/admin?tab=releases">{ADMIN_MSG.bellHeldReleases(waiting.heldReleases)}</Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Separator className="mx-2 my-1 h-px bg-line" />
            </DropdownMenu.Group>
          ) : null}
          {list.length === 0 ? <p className="px-3 py-3 text-sm text-muted">{COMMUNITY_MSG.notificationsEmpty}</p> : null}
          {list.map((notice) => (
            <DropdownMenu.Item
              key={notice.id}
              asChild
              className={itemClasses}
              onSelect={() => {
                if (!notice.read) markRead.mutate({ ids: [notice.id] });
              }}
            >
              {notice.link ? (
                <Link to={notice.link}>
                  <NoticeText text={notice.text} read={notice.read} createdAt={notice.createdAt} />
                </Link>
              ) : (
                <button type="button">
                  <NoticeText text={notice.text} read={notice.read} createdAt={notice.createdAt} />
                </button>
              )}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-line" />
          {unread > 0 ? (
            <DropdownMenu.Item className={itemClasses} onSelect={() => markRead.mutate({ all: true })}>
              Mark all as read
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/following">Following feed</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function NoticeText({ text, read, createdAt }: { text: string; read: boolean; createdAt: string }) {
  return (
    <>
      <span className={read ? 'text-muted' : 'font-medium'}>
        {read ? null : <span className="sr-only">Unread: </span>}
        {text}
      </span>
      <span className="text-xs text-muted">{formatDate(createdAt)}</span>
    </>
  );
}
