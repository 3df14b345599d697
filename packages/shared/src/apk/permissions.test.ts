import { describe, expect, it } from 'vitest';
import { describePermission, groupPermissions } from './permissions.ts';

describe('permissions in plain language (issue 15)', () => {
  it('groups in the fixed order, marks the sensitive ones and lists unknown names verbatim under Other', () => {
    const groups = groupPermissions([
      'com.vendor.permission.SECRET',
      'android.permission.CAMERA',
      'android.permission.INTERNET',
      'android.permission.SYSTEM_ALERT_WINDOW',
      'android.permission.READ_SMS',
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Network', 'Camera', 'Phone and SMS', 'Overlays', 'Other']);
    expect(groups[1]?.permissions).toEqual([{ name: 'android.permission.CAMERA', label: 'Take pictures and videos', risky: true, known: true }]);
    expect(groups[4]?.permissions).toEqual([{ name: 'com.vendor.permission.SECRET', label: 'com.vendor.permission.SECRET', risky: false, known: false }]);
    expect(describePermission('android.permission.INTERNET')).toMatchObject({ group: 'network', risky: false });
    // The permission every toy needs reads as the hardware it lights, first, not under Other.
    expect(groupPermissions(['android.permission.INTERNET', 'com.nothing.ketchum.permission.ENABLE']).map((g) => g.label)).toEqual(['Glyph Matrix', 'Network']);
  });

  it('answers nothing for no permissions', () => {
    expect(groupPermissions([])).toEqual([]);
  });
});
