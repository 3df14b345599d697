import { describe, expect, it } from 'vitest';
import { notificationText } from './community.ts';

describe('notificationText (issue 19)', () => {
  it('says what happened and why for moderation decisions', () => {
    expect(notificationText('moderation', { action: 'hide', targetType: 'glyph', title: 'Clock', note: 'Malware' })).toBe(
      'An admin hid your glyph "Clock". Reason: Malware',
    );
    expect(notificationText('moderation', { action: 'suspend', targetType: 'user', note: 'Spam' })).toBe('An admin suspended your account. Reason: Spam');
    expect(notificationText('moderation', { action: 'restore', targetType: 'glyph', title: 'Clock', note: null })).toBe('An admin restored your glyph "Clock".');
  });

  it('names the actor and the request or glyph', () => {
    expect(notificationText('request_taken', { title: 'Timer', actorUsername: 'dot' })).toBe('@dot took on your request "Timer"');
    expect(notificationText('new_glyph', { title: 'Rain', actorUsername: 'maker' })).toBe('@maker shared a new glyph: "Rain"');
    expect(notificationText('new_release', { title: 'Rain', version: '1.2', actorUsername: 'maker' })).toBe('@maker published version 1.2 of "Rain"');
    expect(notificationText('new_release', { title: 'Rain', version: null, actorUsername: 'maker' })).toBe('@maker published a new version of "Rain"');
    expect(notificationText('request_reset', { title: 'Timer', reason: 'stale' })).toBe('The request "Timer" went back to open after 14 days without activity');
  });
});
