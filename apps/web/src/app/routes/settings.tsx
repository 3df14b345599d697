import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { SETTINGS_MSG } from '@glyphary/shared';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Banner } from '../../components/ui/banner.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form.tsx';
import { DangerZone } from '../../features/settings/components/danger-zone.tsx';
import { FileUpload } from '../../features/files/index.ts';
import { ProfileForm, type ImageUploadSlotProps } from '../../features/settings/components/profile-form.tsx';
import type { SettingsNotice } from '../../features/settings/types.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUrlTab } from '../../lib/use-url-tab.ts';

const SETTINGS_TABS = ['profile', 'security'] as const;
/** What opening an email-change link did (the `emailChange` parameter the server redirects with). */
const EMAIL_CHANGE_NOTICES: Record<string, NonNullable<SettingsNotice>> = {
  confirmed: { tone: 'success', message: SETTINGS_MSG.emailChangeConfirmed },
  invalid: { tone: 'error', message: SETTINGS_MSG.emailChangeInvalid },
  expired: { tone: 'error', message: SETTINGS_MSG.emailChangeInvalid },
  taken: { tone: 'error', message: SETTINGS_MSG.emailInUse },
};
import { DigestToggle } from '../../features/community/index.ts';

function Section({ id, title, description, tone = 'default', children }: { id: string; title: string; description?: string; tone?: 'default' | 'danger'; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={`rounded-[var(--radius-card)] border bg-surface p-5 sm:p-8 ${tone === 'danger' ? 'border-accent/60' : 'border-line'}`}>
      <h2 id={id} className={`font-display text-xl font-bold ${tone === 'danger' ? 'text-accent-text' : ''}`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

// The settings feature asks for an uploader; the files feature provides it (features don't import each other).
const renderImageUpload = (props: ImageUploadSlotProps) => <FileUpload type="images" {...props} />;

/** spec §2 Settings (/settings): tabs Profile and Security, green/red banner at the top. */
export function SettingsRoute() {
  useDocumentTitle('Settings');
  const { profile, isProfileLoading, refreshProfile, reauthenticate, signOut } = useAuth();
  // Issue 21: the email-change link lands here with its outcome (users.routes.ts confirm-email-change).
  const [params, setParams] = useSearchParams();
  const emailChange = params.get('emailChange');
  const [notice, setNotice] = useState<SettingsNotice>(() => (emailChange ? (EMAIL_CHANGE_NOTICES[emailChange] ?? null) : null));
  const [tab, setTab] = useUrlTab(SETTINGS_TABS);
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    if (!emailChange) return;
    // The profile loaded with the page may predate the switch; the parameter goes so a reload says nothing.
    if (emailChange === 'confirmed') void refreshProfile();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('emailChange');
        return next;
      },
      { replace: true },
    );
  }, [emailChange, refreshProfile, setParams]);

  const noticeRef = useRef<HTMLDivElement>(null);
  function showNotice(next: SettingsNotice) {
    // A fresh object each time, so the same message twice is focused twice.
    setNotice(next ? { ...next } : null);
  }
  useEffect(() => {
    // Issue 17: the banner sits above the forms; focus (and so announce) it and bring it into view.
    if (!notice || !noticeRef.current) return;
    noticeRef.current.focus({ preventScroll: true });
    noticeRef.current.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [notice]);

  async function handleDeleted() {
    toast.success(SETTINGS_MSG.accountDeleted);
    navigate(paths.home);
    await signOut();
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Manage your profile and account security." />
      {notice ? (
        <Banner tone={notice.tone} className="mb-6" onDismiss={() => setNotice(null)} ref={noticeRef} focusable>
          {notice.message}
        </Banner>
      ) : null}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setNotice(null);
          setTab(value);
        }}
      >
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          {profile ? (
            <Section id="settings-profile" title="Profile" description="How you appear on your storefront and your glyphs.">
              <ProfileForm key={profile.updatedAt} profile={profile} onNotice={showNotice} onSaved={refreshProfile} renderImageUpload={renderImageUpload} />
            </Section>
          ) : isProfileLoading ? (
            <Spinner label="Loading profile..." />
          ) : (
            <Banner tone="error">Your profile could not be loaded. Please reload the page.</Banner>
          )}
          {/* Issue 19: notification email preference */}
          <div className="mt-6">
            <Section id="settings-notifications" title="Notifications">
              <DigestToggle />
            </Section>
          </div>
        </TabsContent>
        <TabsContent value="security" className="flex flex-col gap-6">
          <Section id="settings-password" title="Change Password">
            <ChangePasswordForm onNotice={showNotice} />
          </Section>
          <Section id="settings-danger" title="Danger Zone" tone="danger">
            <DangerZone onNotice={showNotice} reauthenticate={reauthenticate} onDeleted={handleDeleted} />
          </Section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
