import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router.tsx';
import { describe, expect, it } from 'vitest';
import { APK_MSG, CODE_MSG, nativeCodeWords, type ApkReport } from '@glyphary/shared';
import { GlyphCard } from '../../../components/glyph-card.tsx';
import { makeGlyph } from '../../../test/glyph-fixture.ts';
import { ApkPanel } from './apk-panel.tsx';

const report: ApkReport = {
  packageName: 'com.example.orbit',
  versionName: '2.1.0',
  versionCode: 21,
  minSdk: 34,
  targetSdk: 35,
  permissions: ['com.nothing.ketchum.permission.ENABLE', 'android.permission.INTERNET', 'android.permission.ACCESS_FINE_LOCATION', 'com.vendor.permission.SECRET'],
  requestsGlyphPermission: true,
  toys: [
    { service: 'com.example.orbit.OrbitToy', name: 'Orbit', summary: 'A dot circles', longpress: true, aodSupport: false, imageUrl: '/api/files/images/a.webp' },
    { service: 'com.example.orbit.ClockToy', name: 'Dot Clock', summary: null, longpress: false, aodSupport: true, imageUrl: null },
  ],
  isGlyphToy: true,
  devices: ['phone-3', 'phone-4a-pro'],
  signers: [{ sha256: 'ab'.repeat(32), subject: 'CN=Orbit Maker', scheme: 'v2' }],
  signatureStatus: 'verified',
  signatureProblem: null,
  notToyReason: null,
  size: 6963,
  sha256: 'cd'.repeat(32),
};

describe('ApkPanel (issue 15)', () => {
  it('shows devices, toys with flags, permissions grouped in plain language (sensitive marked, unknown verbatim) and copyable fingerprints', () => {
    render(<ApkPanel report={report} />);
    const panel = screen.getByRole('region', { name: APK_MSG.panelHeading });
    expect(within(panel).getByRole('list', { name: 'Runs on' }).textContent).toBe('Phone (3)Phone (4a) Pro');
    const toys = within(panel).getByRole('list', { name: 'Glyph Toys' });
    expect(within(toys).getAllByRole('listitem')).toHaveLength(2);
    expect(within(toys).getByRole('img', { name: 'Orbit preview' }).getAttribute('src')).toBe('/api/files/images/a.webp');
    expect(within(toys).getByText(APK_MSG.longpress)).toBeTruthy();
    expect(within(toys).getByText(APK_MSG.aod)).toBeTruthy();
    expect(within(panel).getByText('Network')).toBeTruthy();
    expect(within(panel).getByText('Full network access')).toBeTruthy();
    expect(within(panel).getByText('Precise location').parentElement?.textContent).toContain(APK_MSG.risky);
    expect(within(panel).getByText('com.vendor.permission.SECRET')).toBeTruthy();
    expect(within(panel).getByText('ab'.repeat(32))).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy SHA-256' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy signer fingerprint' })).toBeTruthy();
  });

  it("notes a permission's maxSdkVersion as the last Android release that asks for it", () => {
    render(<ApkPanel report={{ ...report, permissions: [...report.permissions, 'android.permission.WRITE_EXTERNAL_STORAGE'], permissionMaxSdk: { 'android.permission.WRITE_EXTERNAL_STORAGE': 28 } }} />);
    const panel = screen.getByRole('region', { name: APK_MSG.panelHeading });
    expect(within(panel).getByText('(up to Android 9)').parentElement?.textContent).toBe(`Modify shared storage (up to Android 9) ${APK_MSG.risky}`);
    expect(within(panel).getAllByText(/up to Android/)).toHaveLength(1);
  });

  it('labels an APK that is not a Glyph Toy with the reason', () => {
    render(<ApkPanel report={{ ...report, toys: [], isGlyphToy: false, devices: [], notToyReason: APK_MSG.notToyNoService }} />);
    expect(screen.getByText(APK_MSG.notAToy)).toBeTruthy();
    expect(screen.getByText(APK_MSG.notToyNoService)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Runs on' })).toBeNull();
  });

  it('puts the device badges on cards', () => {
    render(
      <MemoryRouter>
        <GlyphCard glyph={makeGlyph({ apkDevices: ['phone-3'] })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list', { name: 'Runs on' }).textContent).toBe('Phone (3)');
  });
});

describe('ApkPanel code findings (issue 50)', () => {
  const code: NonNullable<ApkReport['code']> = {
    dexFiles: 1,
    trackers: [{ name: 'Google AdMob', category: 'advertising', evidence: ['com.google.android.gms.ads'] }],
    nativeCode: ['armeabi-v7a'],
    dynamicCode: [{ kind: 'runtime-exec', evidence: 'java.lang.Runtime.exec' }],
    unreadable: [],
    network: { internet: true, code: ['okhttp3'] },
    sensitive: [{ kind: 'location', manifest: ['android.permission.ACCESS_FINE_LOCATION'], code: [], agree: false }],
  };

  it('lists each finding in plain words with its evidence, and the anti-features as badges', () => {
    render(<ApkPanel report={{ ...report, code }} />);
    const panel = screen.getByRole('region', { name: APK_MSG.panelHeading });
    expect(within(panel).getByRole('list', { name: CODE_MSG.antiFeatures }).textContent).toBe('Non-free network servicesTrackingAdvertising');
    const findings = within(panel).getByRole('list', { name: CODE_MSG.heading });
    const items = within(findings).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Trackers: Contains Google AdMob (advertising).com.google.android.gms.ads',
      `Native code: ${nativeCodeWords(['armeabi-v7a'])}lib/armeabi-v7a/`,
      'Loads or runs other code: Can run other programs on the phone (Runtime.exec).java.lang.Runtime.exec',
      'Network: Connects to the internet: it asks for network access and its code opens connections.android.permission.INTERNET, okhttp3',
      'Location: The manifest asks for it; no code using it was found.android.permission.ACCESS_FINE_LOCATION',
    ]);
  });

  it('says when nothing was found, and when the code was not read', () => {
    const { unmount } = render(<ApkPanel report={{ ...report, permissions: [], code: { ...code, trackers: [], nativeCode: [], dynamicCode: [], network: { internet: false, code: [] }, sensitive: [] } }} />);
    expect(screen.getByText(CODE_MSG.nothing)).toBeTruthy();
    expect(screen.queryByRole('list', { name: CODE_MSG.antiFeatures })).toBeNull();
    unmount();
    render(<ApkPanel report={report} />);
    expect(screen.getByText(CODE_MSG.notRead)).toBeTruthy();
  });
});
