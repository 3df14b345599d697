/** A message for the green/red banner at the top of the settings screen (spec §2 Settings). */
export type SettingsNotice = { tone: 'success' | 'error'; message: string } | null;
