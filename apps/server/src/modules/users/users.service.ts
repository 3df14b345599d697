import { createHash, randomBytes } from 'node:crypto';
import { MAX_USERNAME_LENGTH, MSG, PRODUCT_NAME, USERNAME_PATTERN, type UpdateUserInputSchema } from '@glyphary/shared';
import { isUserId } from '../../lib/ids.ts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Viewer } from '../../plugins/access.ts';
import { FRESH_SESSION_SECONDS } from '../auth/auth.ts';
import type { EmailChangeOutcome, UserPatch, UserRow, UsersRepository } from './users.repository.ts';

// One-line fields (display name, location) and multi-line text (bio, which keeps line breaks and tabs).
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type UpdateUserInput = z.output<typeof UpdateUserInputSchema> & { email?: string | undefined };

/** How long an email-change link works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** The route the email-change link opens (users.routes.ts). */
export const CONFIRM_EMAIL_CHANGE_PATH = '/api/confirm-email-change';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface UsersServiceDeps {
  users: UsersRepository;
  clock: Clock;
  /** Sends the email-change link to the new address and the notice to the old one (issue 21). */
  mailer: Mailer;
  /** The product's public base URL, for the link. */
  publicUrl: string;
  /** Where a notice that could not be sent is reported (the change itself does not depend on it). */
  logError?: (error: unknown, message: string) => void;
  /** Rewrites product-host image URLs to relative /api/files/ paths (spec §7). */
  normalizeImageUrl: (url: string) => string;
  /** Runs after an account is deleted and committed (removes its files from storage). */
  afterAccountDeleted: (userId: string) => Promise<void>;
}

function isFresh(viewer: Viewer, now: Date): boolean {
  return now.getTime() - viewer.sessionCreatedAt.getTime() <= FRESH_SESSION_SECONDS * 1000;
}

/** Profile use cases: read, update and delete (spec §7 user calls). */
export function createUsersService({ users, clock, mailer, publicUrl, logError, normalizeImageUrl, afterAccountDeleted }: UsersServiceDeps) {
  /**
   * Records a pending email change and mails its link to the new address, then a notice to the old one.
   * Nothing is left pending when the link could not be sent.
   */
  async function requestEmailChange(current: UserRow, newEmail: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const now = clock.now();
    await users.savePendingEmail(current.id, newEmail, tokenHash, new Date(now.getTime() + EMAIL_CHANGE_TTL_MS), now);
    const link = `${publicUrl}${CONFIRM_EMAIL_CHANGE_PATH}?token=${token}`;
    try {
      await mailer.send({
        to: newEmail,
        subject: `Confirm your new ${PRODUCT_NAME} email address`,
        text: `The ${PRODUCT_NAME} account @${current.username} asked to use this address.\n\nOpen this link within a day to confirm it:\n${link}\n\nUntil then the account keeps its current address. If you did not ask for this, ignore this email: nothing changes.`,
      });
    } catch (error) {
      await users.deletePendingEmail(current.id, tokenHash);
      logError?.(error, 'email change: confirmation mail failed');
      throw new AppError(503, 'MAIL_FAILED', MSG.emailChangeMailFailed);
    }
    await mailer
      .send({
        to: current.email,
        subject: `Your ${PRODUCT_NAME} email address is being changed`,
        text: `Someone signed in to your ${PRODUCT_NAME} account @${current.username} asked to change its email address to ${newEmail}.\n\nThe change happens only when the link sent to that address is opened (within a day).\n\nIf it was not you, sign in and change your password now: that signs out every other session. Then set your own address again in Settings, which replaces the pending change.`,
      })
      .catch((error: unknown) => logError?.(error, 'email change: notice to the old address failed'));
  }

  return {
    /** The address an email change is waiting for, or null (shown on the owner's profile). */
    async pendingEmailOf(userId: string): Promise<string | null> {
      return users.findPendingEmail(userId, clock.now());
    },

    /**
     * Opens an email-change link: single use, valid a day, and the address must still be free.
     */
    async confirmEmailChange(token: string): Promise<EmailChangeOutcome> {
      if (token.length === 0 || token.length > 100) return { outcome: 'invalid' };
      return users.confirmEmailChange(hashToken(token), clock.now());
    },

    /**
     * Reads a profile by id.
     * @throws AppError 404 'User not found'.
     */
    async getById(id: string): Promise<UserRow> {
      // An id that cannot exist is simply not found: no query for hostile or huge input.
      const row = isUserId(id) ? await users.findById(id) : undefined;
      if (!row) throw notFound(MSG.userNotFound);
      return row;
    },

    /**
     * Reads a profile by username, ignoring case.
     * @throws AppError 404 'User not found'.
     */
    async getByUsername(username: string): Promise<UserRow> {
      const possible = username.length <= MAX_USERNAME_LENGTH && USERNAME_PATTERN.test(username);
      const row = possible ? await users.findByUsername(username) : undefined;
      if (!row) throw notFound(MSG.userNotFound);
      return row;
    },

    /**
     * Updates the caller's own profile; the uid comes from the session, never the body.
     * A new email is only requested here (see requestEmailChange); `pendingEmailOf` shows it until confirmed.
     * @throws AppError 409 for a taken username or email, 403 for an email change on a stale session,
     *   503 when the confirmation link could not be mailed.
     */
    async updateOwnProfile(viewer: Viewer, input: UpdateUserInput): Promise<UserRow> {
      const current = await this.getById(viewer.id);
      const patch: UserPatch = { updatedAt: clock.now() };
      if (input.username !== undefined && input.username !== current.username) {
        if (await users.isUsernameTaken(input.username, viewer.id)) throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
        patch.username = input.username;
      }
      // Issue 21: a new address takes effect only once the link mailed to it is opened.
      let emailRequest: string | null = null;
      if (input.email !== undefined) {
        const email = input.email.trim().toLowerCase();
        if (email !== current.email) {
          if (!isFresh(viewer, clock.now())) throw forbidden(MSG.profileRecentLogin, 'RECENT_LOGIN_REQUIRED');
          if (await users.isEmailTaken(email, viewer.id)) throw conflict(MSG.emailInUse, 'EMAIL_TAKEN');
          emailRequest = email;
        }
      }
      // Same rule as glyph text (SECURITY "Bad input": control characters): a NUL would also fail in PostgreSQL (→ 500).
      if ([input.displayName, input.location].some((v) => v !== undefined && LINE_CONTROL.test(v)) || (input.bio !== undefined && TEXT_CONTROL.test(input.bio))) {
        throw badRequest(MSG.controlCharacters);
      }
      if (input.displayName !== undefined) patch.name = input.displayName;
      if (input.bio !== undefined) patch.bio = input.bio;
      if (input.location !== undefined) patch.location = input.location;
      if (input.website !== undefined) patch.website = input.website;
      if (input.profilePicture !== undefined) patch.image = input.profilePicture ? normalizeImageUrl(input.profilePicture) : null;
      if (input.bannerImage !== undefined) patch.bannerImage = input.bannerImage ? normalizeImageUrl(input.bannerImage) : null;
      // A stored file on a profile must be the caller's own upload (issue 21), as on glyphs; unchanged values pass.
      for (const key of ['image', 'bannerImage'] as const) {
        const value = patch[key];
        if (value && value.startsWith('/') && value !== current[key] && !(await users.isOwnReadyImage(viewer.id, value))) throw badRequest(MSG.imageUrlInvalid);
      }
      if (emailRequest) await requestEmailChange(current, emailRequest);
      try {
        const updated = await users.update(viewer.id, patch);
        if (!updated) throw notFound(MSG.userNotFound);
        return updated;
      } catch (error) {
        // The unique index on lower(username) is the last word when two renames race.
        if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
          throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
        }
        throw error;
      }
    },

    /**
     * Deletes the caller's account and all it owns (spec §4 account deletion).
     * Requires a fresh session: the client re-authenticates with the current password first.
     * @throws AppError 403 when the session is not fresh.
     */
    async deleteOwnAccount(viewer: Viewer): Promise<void> {
      if (!isFresh(viewer, clock.now())) throw forbidden(MSG.freshSessionRequired, 'RECENT_LOGIN_REQUIRED');
      const deleted = await users.deleteAccount(viewer.id);
      if (!deleted) throw notFound(MSG.userNotFound);
      await afterAccountDeleted(viewer.id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
