import { describe, expect, it } from 'vitest';
import { diffReports } from './apk-diff.ts';

describe('diffReports', () => {
  it('lists new and removed permissions and toys', () => {
    const diff = diffReports(
      { permissions: ['android.permission.INTERNET', 'com.nothing.ketchum.permission.ENABLE'], toys: [{ name: 'Pulse' }, { name: 'Clock' }] },
      { permissions: ['com.nothing.ketchum.permission.ENABLE', 'android.permission.ACCESS_FINE_LOCATION'], toys: [{ name: 'Pulse' }, { name: 'Weather' }] },
    );
    expect(diff).toEqual({
      addedPermissions: ['android.permission.ACCESS_FINE_LOCATION'],
      removedPermissions: ['android.permission.INTERNET'],
      addedToys: ['Weather'],
      removedToys: ['Clock'],
    });
  });

  it('treats a missing list as empty', () => {
    expect(diffReports({}, { permissions: ['a'], toys: [{ name: 'T' }] })).toEqual({ addedPermissions: ['a'], removedPermissions: [], addedToys: ['T'], removedToys: [] });
  });
});
