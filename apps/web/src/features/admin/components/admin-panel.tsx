import type { ReactNode } from 'react';
import { useUrlTab } from '../../../lib/use-url-tab.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { AccessDenied } from './access-denied.tsx';
import { AdminsTab } from './admins-tab.tsx';
import { AuditTab } from './audit-tab.tsx';
import { GlyphsTab } from './glyphs-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';
import { StatisticsTab } from './statistics-tab.tsx';
import { UsersTab } from './users-tab.tsx';

const TABS = [
  ['statistics', 'Statistics'],
  ['users', 'Users'],
  ['glyphs', 'Glyphs'],
  ['requests', 'Requests'],
  ['admins', 'Admins'],
  ['audit', 'Audit'],
] as const;
type TabId = (typeof TABS)[number][0];
const TAB_IDS: readonly TabId[] = TABS.map(([id]) => id);

/** A tab another feature provides (issue 19: Reports), composed by the route. */
export interface ExtraAdminTab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * spec §2 Admin panel: Statistics, Users, Glyphs, Requests, Admins and the audit log, one tab each.
 * `isSuperAdmin`: only the super admin is offered 'Remove Admin' (the server refuses everyone else).
 */
export function AdminPanel({
  extraTabs = [],
  isSuperAdmin = false,
  statisticsCharts,
}: {
  extraTabs?: ExtraAdminTab[];
  isSuperAdmin?: boolean;
  /** Issue 51: the platform's activity per day, provided by the route, below the spec's statistics. */
  statisticsCharts?: ReactNode;
}) {
  const stats = useAdminStats();
  // The tab lives in ?tab= (linkable; each switch a history entry, issue 17).
  const [tab, setTab] = useUrlTab<string>([...TAB_IDS, ...extraTabs.map((extra) => extra.id)]);
  // Rights removed while the page is open: the server answers 403 and the panel says so.
  if (isApiError(stats.error, 403) || isApiError(stats.error, 401)) return <AccessDenied />;

  return (
    <div>
      <PageHeader title="Admin Panel" description="Platform statistics, people, glyphs and requests." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Admin sections">
          {TABS.map(([id, label]) => (
            <TabsTrigger key={id} value={id}>
              {label}
            </TabsTrigger>
          ))}
          {extraTabs.map((extra) => (
            <TabsTrigger key={extra.id} value={extra.id}>
              {extra.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="statistics">
          <StatisticsTab stats={stats.data} charts={statisticsCharts} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="glyphs">
          <GlyphsTab />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="admins">
          <AdminsTab canRemoveAdmins={isSuperAdmin} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        {extraTabs.map((extra) => (
          <TabsContent key={extra.id} value={extra.id}>
            {extra.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
