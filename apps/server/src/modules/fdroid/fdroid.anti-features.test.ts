import { describe, expect, it } from 'vitest';
import { antiFeaturesOf, trackersOf, type ApkReport } from '@glyphary/shared';

const base = { permissions: [] as string[] } as unknown as ApkReport;
const withCode = (trackers: NonNullable<ApkReport['code']>['trackers']): ApkReport => ({
  ...base,
  code: { dexFiles: 1, trackers, nativeCode: [], dynamicCode: [], unreadable: [] },
});

describe("F-Droid anti-features from the APK's code findings", () => {
  it('marks Tracking for any known SDK and Ads for an advertising one', () => {
    const report = withCode([
      { name: 'Google AdMob', category: 'advertising', evidence: ['com.google.android.gms.ads'] },
      { name: 'Sentry', category: 'crash-reporting', evidence: ['io.sentry'] },
    ]);
    expect(trackersOf(report)).toEqual(['Google AdMob', 'Sentry']);
    expect(antiFeaturesOf(report)).toEqual({ Tracking: 'Contains Google AdMob, Sentry.', Ads: 'Contains the advertising SDK Google AdMob.' });
  });

  it('marks only Tracking for analytics, and nothing for clean code or a report without code findings', () => {
    expect(antiFeaturesOf(withCode([{ name: 'AppsFlyer', category: 'attribution', evidence: ['com.appsflyer'] }]))).toEqual({ Tracking: 'Contains AppsFlyer.' });
    expect(antiFeaturesOf(withCode([]))).toEqual({});
    expect(antiFeaturesOf(base)).toEqual({});
  });
});
