// Issue 15: Android permissions in plain language, grouped, with the sensitive ones marked.

export const PERMISSION_GROUPS = [
  // What a Glyph Toy is for: listed first, under the name Nothing gives the hardware.
  'glyph-matrix',
  'network',
  'location',
  'camera',
  'microphone',
  'contacts-calendar',
  'phone-sms',
  'storage-media',
  'accessibility',
  'overlays',
  'installing-apps',
  'notifications',
  'other',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_GROUP_LABELS: Record<PermissionGroup, string> = {
  'glyph-matrix': 'Glyph Matrix',
  network: 'Network',
  location: 'Location',
  camera: 'Camera',
  microphone: 'Microphone',
  'contacts-calendar': 'Contacts and calendar',
  'phone-sms': 'Phone and SMS',
  'storage-media': 'Storage and media',
  accessibility: 'Accessibility',
  overlays: 'Overlays',
  'installing-apps': 'Installing apps',
  notifications: 'Notifications',
  other: 'Other',
};

interface PermissionInfo {
  group: PermissionGroup;
  label: string;
  /** Android's "dangerous" or special-access permissions: what a careful installer looks at. */
  risky: boolean;
}

const A = 'android.permission.';
const TABLE: Record<string, PermissionInfo> = {
  [`${A}INTERNET`]: { group: 'network', label: 'Full network access', risky: false },
  [`${A}ACCESS_NETWORK_STATE`]: { group: 'network', label: 'See network connections', risky: false },
  [`${A}ACCESS_WIFI_STATE`]: { group: 'network', label: 'See Wi-Fi connections', risky: false },
  [`${A}CHANGE_WIFI_STATE`]: { group: 'network', label: 'Connect to and disconnect from Wi-Fi', risky: false },
  [`${A}CHANGE_NETWORK_STATE`]: { group: 'network', label: 'Change network connectivity', risky: false },
  [`${A}BLUETOOTH`]: { group: 'network', label: 'Pair with Bluetooth devices', risky: false },
  [`${A}BLUETOOTH_ADMIN`]: { group: 'network', label: 'Access Bluetooth settings', risky: false },
  [`${A}BLUETOOTH_CONNECT`]: { group: 'network', label: 'Connect to paired Bluetooth devices', risky: true },
  [`${A}BLUETOOTH_SCAN`]: { group: 'network', label: 'Find nearby Bluetooth devices', risky: true },
  [`${A}NEARBY_WIFI_DEVICES`]: { group: 'network', label: 'Find nearby Wi-Fi devices', risky: true },
  [`${A}NFC`]: { group: 'network', label: 'Use NFC', risky: false },
  [`${A}ACCESS_FINE_LOCATION`]: { group: 'location', label: 'Precise location', risky: true },
  [`${A}ACCESS_COARSE_LOCATION`]: { group: 'location', label: 'Approximate location', risky: true },
  [`${A}ACCESS_BACKGROUND_LOCATION`]: { group: 'location', label: 'Location in the background', risky: true },
  [`${A}CAMERA`]: { group: 'camera', label: 'Take pictures and videos', risky: true },
  [`${A}RECORD_AUDIO`]: { group: 'microphone', label: 'Record audio', risky: true },
  [`${A}READ_CONTACTS`]: { group: 'contacts-calendar', label: 'Read your contacts', risky: true },
  [`${A}WRITE_CONTACTS`]: { group: 'contacts-calendar', label: 'Modify your contacts', risky: true },
  [`${A}GET_ACCOUNTS`]: { group: 'contacts-calendar', label: 'Find accounts on the device', risky: true },
  [`${A}READ_CALENDAR`]: { group: 'contacts-calendar', label: 'Read calendar events', risky: true },
  [`${A}WRITE_CALENDAR`]: { group: 'contacts-calendar', label: 'Add or modify calendar events', risky: true },
  [`${A}READ_PHONE_STATE`]: { group: 'phone-sms', label: 'Read phone status and identity', risky: true },
  [`${A}READ_PHONE_NUMBERS`]: { group: 'phone-sms', label: 'Read phone numbers', risky: true },
  [`${A}CALL_PHONE`]: { group: 'phone-sms', label: 'Directly call phone numbers', risky: true },
  [`${A}ANSWER_PHONE_CALLS`]: { group: 'phone-sms', label: 'Answer phone calls', risky: true },
  [`${A}READ_CALL_LOG`]: { group: 'phone-sms', label: 'Read call log', risky: true },
  [`${A}WRITE_CALL_LOG`]: { group: 'phone-sms', label: 'Modify call log', risky: true },
  [`${A}SEND_SMS`]: { group: 'phone-sms', label: 'Send SMS messages', risky: true },
  [`${A}RECEIVE_SMS`]: { group: 'phone-sms', label: 'Receive SMS messages', risky: true },
  [`${A}READ_SMS`]: { group: 'phone-sms', label: 'Read SMS messages', risky: true },
  [`${A}RECEIVE_MMS`]: { group: 'phone-sms', label: 'Receive MMS messages', risky: true },
  [`${A}READ_EXTERNAL_STORAGE`]: { group: 'storage-media', label: 'Read shared storage', risky: true },
  [`${A}WRITE_EXTERNAL_STORAGE`]: { group: 'storage-media', label: 'Modify shared storage', risky: true },
  [`${A}MANAGE_EXTERNAL_STORAGE`]: { group: 'storage-media', label: 'Manage all files', risky: true },
  [`${A}READ_MEDIA_IMAGES`]: { group: 'storage-media', label: 'Read photos', risky: true },
  [`${A}READ_MEDIA_VIDEO`]: { group: 'storage-media', label: 'Read videos', risky: true },
  [`${A}READ_MEDIA_AUDIO`]: { group: 'storage-media', label: 'Read music and audio', risky: true },
  [`${A}BIND_ACCESSIBILITY_SERVICE`]: { group: 'accessibility', label: 'Act as an accessibility service', risky: true },
  [`${A}SYSTEM_ALERT_WINDOW`]: { group: 'overlays', label: 'Draw over other apps', risky: true },
  [`${A}REQUEST_INSTALL_PACKAGES`]: { group: 'installing-apps', label: 'Install other apps', risky: true },
  [`${A}REQUEST_DELETE_PACKAGES`]: { group: 'installing-apps', label: 'Remove other apps', risky: true },
  [`${A}QUERY_ALL_PACKAGES`]: { group: 'installing-apps', label: 'See all installed apps', risky: true },
  [`${A}POST_NOTIFICATIONS`]: { group: 'notifications', label: 'Show notifications', risky: false },
  [`${A}BIND_NOTIFICATION_LISTENER_SERVICE`]: { group: 'notifications', label: 'Read all notifications', risky: true },
  [`${A}ACCESS_NOTIFICATION_POLICY`]: { group: 'notifications', label: 'Change Do Not Disturb', risky: false },
  [`${A}VIBRATE`]: { group: 'other', label: 'Control vibration', risky: false },
  [`${A}WAKE_LOCK`]: { group: 'other', label: 'Keep the phone awake', risky: false },
  [`${A}FOREGROUND_SERVICE`]: { group: 'other', label: 'Run in the foreground', risky: false },
  [`${A}RECEIVE_BOOT_COMPLETED`]: { group: 'other', label: 'Start at boot', risky: false },
  [`${A}BODY_SENSORS`]: { group: 'other', label: 'Body sensors (heart rate)', risky: true },
  [`${A}ACTIVITY_RECOGNITION`]: { group: 'other', label: 'Physical activity', risky: true },
  [`${A}SCHEDULE_EXACT_ALARM`]: { group: 'other', label: 'Schedule exact alarms', risky: false },
  [`${A}USE_BIOMETRIC`]: { group: 'other', label: 'Use biometric hardware', risky: false },
  [`${A}PACKAGE_USAGE_STATS`]: { group: 'other', label: 'See app usage', risky: true },
  [`${A}WRITE_SETTINGS`]: { group: 'other', label: 'Modify system settings', risky: true },
  'com.nothing.ketchum.permission.ENABLE': { group: 'glyph-matrix', label: 'Light the Glyph Matrix', risky: false },
};

export interface DescribedPermission {
  name: string;
  /** Plain-language label; for unknown permissions, the name verbatim. */
  label: string;
  risky: boolean;
  known: boolean;
}

export interface PermissionGroupView {
  group: PermissionGroup;
  label: string;
  permissions: DescribedPermission[];
}

/** Describes one permission name; unknown names are listed verbatim in "other". */
export function describePermission(name: string): DescribedPermission & { group: PermissionGroup } {
  const info = TABLE[name];
  if (info) return { name, label: info.label, risky: info.risky, known: true, group: info.group };
  return { name, label: name, risky: false, known: false, group: 'other' };
}

/** Groups permission names in the fixed group order; empty groups are left out. */
export function groupPermissions(names: readonly string[]): PermissionGroupView[] {
  const byGroup = new Map<PermissionGroup, DescribedPermission[]>();
  for (const name of names) {
    const { group, ...described } = describePermission(name);
    const list = byGroup.get(group) ?? [];
    list.push(described);
    byGroup.set(group, list);
  }
  return PERMISSION_GROUPS.filter((group) => byGroup.has(group)).map((group) => ({
    group,
    label: PERMISSION_GROUP_LABELS[group],
    permissions: byGroup.get(group) ?? [],
  }));
}
