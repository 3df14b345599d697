import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@glyphary/shared';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeProfile, mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { AdminsTab } from './admins-tab.tsx';

const superAdmin = makeProfile({ uid: 'super', username: 'boss', displayName: 'Boss', isAdmin: true, isSuperAdmin: true });
const admin = makeProfile({ uid: 'helper', username: 'helper', displayName: 'Helper', isAdmin: true });

function renderTab(canRemoveAdmins: boolean) {
  const fetchMock = mockApi({
    ...sessionHandlers(null),
    'GET /api/admin/users': () => ({ body: { users: [superAdmin, admin], total: 2, hasMore: false } }),
    'POST /api/admin/remove-admin/helper': () => ({ body: { success: true, changed: true, user: { ...admin, isAdmin: false } } }),
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <AdminsTab canRemoveAdmins={canRemoveAdmins} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminsTab: removing admin rights (issue 19, super admin only)', () => {
  it('offers no Remove Admin to a regular admin', async () => {
    renderTab(false);
    expect(await screen.findByText('@helper · dot@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove Admin/ })).toBeNull();
  });

  it('offers the super admin Remove Admin on other admins only, and asks before removing', async () => {
    const fetchMock = renderTab(true);
    const button = await screen.findByRole('button', { name: 'Remove Admin @helper' });
    expect(screen.queryByRole('button', { name: 'Remove Admin @boss' })).toBeNull();
    const user = userEvent.setup();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Remove admin rights' });
    expect(within(dialog).getByText(MSG.adminRemoveConfirm)).toBeTruthy();
    const removals = () => fetchMock.mock.calls.filter(([input, init]) => String(input).includes('/api/admin/remove-admin/') && init?.method === 'POST');
    expect(removals()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText(MSG.adminRemoved)).toBeTruthy();
    expect(removals().map(([input]) => String(input))).toEqual([expect.stringContaining('/api/admin/remove-admin/helper')]);
  });
});
