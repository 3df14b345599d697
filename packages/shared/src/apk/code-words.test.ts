import { describe, expect, it } from 'vitest';
import { antiFeaturesOf, nativeCodeWords, networkWords, sensitiveWords } from './code-words.ts';
import type { ApkReport } from '../schemas/apk.ts';

describe('code findings in plain words', () => {
  it('says which phones the native ABIs rule out', () => {
    expect(nativeCodeWords([])).toBeNull();
    expect(nativeCodeWords(['arm64-v8a', 'x86_64'])).toBe('Contains native code for arm64-v8a, x86_64: it runs on Nothing phones (arm64-v8a).');
    expect(nativeCodeWords(['armeabi-v7a', 'x86'])).toBe(
      'Contains native code only for armeabi-v7a, x86 (32-bit), none for arm64-v8a: phones that run only 64-bit code, such as Phone (3), refuse to install it.',
    );
    expect(nativeCodeWords(['x86', 'x86_64'])).toBe('Contains native code only for x86, x86_64 (emulators and PCs), none for phones: no Nothing phone can install it.');
  });

  it('tells agreeing manifest and code apart from one without the other', () => {
    expect(sensitiveWords({ kind: 'sms', manifest: ['android.permission.READ_SMS'], code: ['android.telephony.SmsManager'], agree: true })).toMatch(/asks for it and the code uses it/);
    expect(sensitiveWords({ kind: 'sms', manifest: ['android.permission.READ_SMS'], code: [], agree: false })).toMatch(/no code using it/);
    expect(sensitiveWords({ kind: 'sms', manifest: [], code: ['android.telephony.SmsManager'], agree: false })).toMatch(/does not ask for it/);
    expect(networkWords({ internet: false, code: [] })).toBeNull();
    expect(networkWords({ internet: true, code: ['okhttp3'] })).toMatch(/^Connects to the internet/);
    expect(networkWords({ internet: false, code: ['okhttp3'] })).toMatch(/Android blocks them/);
  });

  it('derives the anti-features from the report', () => {
    const report = {
      permissions: ['android.permission.INTERNET'],
      code: { trackers: [{ name: 'Unity Ads', category: 'advertising', evidence: ['com.unity3d.ads'] }] },
    } as unknown as ApkReport;
    expect(Object.keys(antiFeaturesOf(report)).sort()).toEqual(['Ads', 'NonFreeNet', 'Tracking']);
    expect(antiFeaturesOf(null)).toEqual({});
  });
});
