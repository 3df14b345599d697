import type { TrackerCategory } from '@glyphary/shared';

/**
 * Well-known advertising, analytics, crash-reporting and attribution SDKs, matched by the Java
 * package prefixes their public documentation and published artifacts use. Kept as data: each entry
 * has a test that a dex referencing one of its classes is reported under its name.
 */

export interface TrackerSdk {
  name: string;
  category: TrackerCategory;
  /** Java package prefixes (a class matches when its package is the prefix or below it). */
  prefixes: string[];
  /** A class the SDK's documentation has apps call (what the per-entry test references). */
  example: string;
}

export const TRACKER_SDKS: readonly TrackerSdk[] = [
  { name: 'Google Firebase Analytics', category: 'analytics', prefixes: ['com.google.firebase.analytics'], example: 'com.google.firebase.analytics.FirebaseAnalytics' },
  { name: 'Google Crashlytics', category: 'crash-reporting', prefixes: ['com.google.firebase.crashlytics', 'com.crashlytics.android'], example: 'com.google.firebase.crashlytics.FirebaseCrashlytics' },
  { name: 'Google AdMob', category: 'advertising', prefixes: ['com.google.android.gms.ads'], example: 'com.google.android.gms.ads.MobileAds' },
  { name: 'Google Analytics', category: 'analytics', prefixes: ['com.google.android.gms.analytics'], example: 'com.google.android.gms.analytics.GoogleAnalytics' },
  { name: 'Facebook Audience Network', category: 'advertising', prefixes: ['com.facebook.ads'], example: 'com.facebook.ads.AudienceNetworkAds' },
  { name: 'Facebook Analytics (App Events)', category: 'analytics', prefixes: ['com.facebook.appevents'], example: 'com.facebook.appevents.AppEventsLogger' },
  { name: 'AppsFlyer', category: 'attribution', prefixes: ['com.appsflyer'], example: 'com.appsflyer.AppsFlyerLib' },
  { name: 'Adjust', category: 'attribution', prefixes: ['com.adjust.sdk'], example: 'com.adjust.sdk.Adjust' },
  { name: 'Branch', category: 'attribution', prefixes: ['io.branch.referral'], example: 'io.branch.referral.Branch' },
  { name: 'Sentry', category: 'crash-reporting', prefixes: ['io.sentry'], example: 'io.sentry.Sentry' },
  { name: 'Bugsnag', category: 'crash-reporting', prefixes: ['com.bugsnag.android'], example: 'com.bugsnag.android.Bugsnag' },
  { name: 'Unity Ads', category: 'advertising', prefixes: ['com.unity3d.ads', 'com.unity3d.services'], example: 'com.unity3d.ads.UnityAds' },
  { name: 'AppLovin', category: 'advertising', prefixes: ['com.applovin'], example: 'com.applovin.sdk.AppLovinSdk' },
  { name: 'ironSource', category: 'advertising', prefixes: ['com.ironsource'], example: 'com.ironsource.mediationsdk.IronSource' },
  { name: 'Vungle (Liftoff Monetize)', category: 'advertising', prefixes: ['com.vungle'], example: 'com.vungle.ads.VungleAds' },
  { name: 'Chartboost', category: 'advertising', prefixes: ['com.chartboost.sdk'], example: 'com.chartboost.sdk.Chartboost' },
  { name: 'Mintegral', category: 'advertising', prefixes: ['com.mbridge.msdk'], example: 'com.mbridge.msdk.MBridgeSDK' },
  { name: 'Pangle', category: 'advertising', prefixes: ['com.bytedance.sdk.openadsdk'], example: 'com.bytedance.sdk.openadsdk.api.init.PAGSdk' },
  { name: 'Amplitude', category: 'analytics', prefixes: ['com.amplitude'], example: 'com.amplitude.android.Amplitude' },
  { name: 'Mixpanel', category: 'analytics', prefixes: ['com.mixpanel.android'], example: 'com.mixpanel.android.mpmetrics.MixpanelAPI' },
  { name: 'Segment', category: 'analytics', prefixes: ['com.segment.analytics'], example: 'com.segment.analytics.Analytics' },
  { name: 'Flurry', category: 'analytics', prefixes: ['com.flurry.android'], example: 'com.flurry.android.FlurryAgent' },
  { name: 'Yandex AppMetrica', category: 'analytics', prefixes: ['com.yandex.metrica', 'io.appmetrica.analytics'], example: 'io.appmetrica.analytics.AppMetrica' },
  { name: 'OneSignal', category: 'analytics', prefixes: ['com.onesignal'], example: 'com.onesignal.OneSignal' },
];

/** The package `com.a.b` is under the prefix `com.a` (but `com.ab` is not). */
function isUnder(packageName: string, prefix: string): boolean {
  return packageName === prefix || packageName.startsWith(`${prefix}.`);
}

export interface TrackerMatch {
  name: string;
  category: TrackerCategory;
  /** The referenced packages that matched (at most 5), as evidence. */
  evidence: string[];
}

/** The SDKs whose packages the code references, in the list's order. */
export function matchTrackers(packages: readonly string[]): TrackerMatch[] {
  const found: TrackerMatch[] = [];
  for (const sdk of TRACKER_SDKS) {
    const evidence = packages.filter((p) => sdk.prefixes.some((prefix) => isUnder(p, prefix))).slice(0, 5);
    if (evidence.length > 0) found.push({ name: sdk.name, category: sdk.category, evidence });
  }
  return found;
}
