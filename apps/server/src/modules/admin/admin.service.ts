import { COMMUNITY_MSG, MSG, TOP_GLYPHS_COUNT, type UpdateUserInputSchema } from '@glyphary/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUserId } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import type { AdminRepository, AdminUserPatch, AdminUserRow, StatsRow, TopGlyphRow } from './admin.repository.ts';
import { writeAudit, type AuditInput, type AuditRepository, type AuditRow } from '../audit/audit.repository.ts';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache.ts';

/** What GET /api/admin/stats computes (before the presenter). */
export type AdminStats = StatsRow & { topGlyphs: TopGlyphRow[] };

/** How long one computed stats result is shared (docs/decisions/0007-admin-stats.md, "Amended"). */
export const ADMIN_STATS_TTL_MS = 5000;

export type AdminUserUpdate = z.output<typeof UpdateUserInputSchema>;

/**
 * The glyphs module's delete use case (soft delete allowed to the creator or an admin, glyphsCount
 * decremented in the same transaction). `inTransaction` lets the caller write its audit row inside
 * that transaction.
 */
export interface GlyphDeleter {
  deleteGlyph(viewer: Viewer, id: string, options?: { inTransaction?: (tx: Tx) => Promise<void> }): Promise<unknown>;
}

export interface AdminServiceDeps {
  admin: AdminRepository;
  audit: AuditRepository;
  glyphs: GlyphDeleter;
  clock: Clock;
  /** Rewrites product-host image URLs to relative /api/files/ paths (spec §7). */
  normalizeImageUrl: (url: string) => string;
  /** Shares one stats computation among concurrent admins for a few seconds; app.ts clears it on a sync run. */
  statsCache?: ResponseCache<AdminStats>;
  /** Called after an admin change that public reads may show (e.g. a renamed creator): clears read caches. */
  onChange?: () => void;
}

/** The result of a role change: the user after the call and whether anything changed. */
export interface RoleChange {
  user: AdminUserRow;
  changed: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** Admin use cases (spec §2 Admin panel, §6 roles, §7 admin calls). Every change is audited. */
export function createAdminService({ admin, audit, glyphs, clock, normalizeImageUrl, statsCache, onChange }: AdminServiceDeps) {
  const stats = statsCache ?? createResponseCache<AdminStats>({ ttlMs: ADMIN_STATS_TTL_MS, maxEntries: 1, clock });
  /** An admin action changed something the stats or public reads show: drop the cached copies. */
  function changed(): void {
    stats.clear();
    onChange?.();
  }

  async function getUser(id: string): Promise<AdminUserRow> {
    const row = isUserId(id) ? await admin.findUserById(id) : undefined;
    if (!row) throw notFound(MSG.userNotFound);
    return row;
  }

  async function grant(viewer: Viewer, target: AdminUserRow, via: 'make-admin' | 'add-admin'): Promise<RoleChange> {
    // Idempotent (SECURITY matrix): an admin or the super admin stays as they are, with no audit row.
    if (target.isAdmin || target.isSuperAdmin) return { user: target, changed: false };
    const entry: AuditInput = {
      actorId: viewer.id,
      action: 'user.make_admin',
      targetType: 'user',
      targetId: target.id,
      detail: via,
    };
    const result = await admin.setAdmin(target.id, true, clock.now(), entry);
    if (!result) throw notFound(MSG.userNotFound);
    stats.clear();
    return { user: result.row, changed: result.changed };
  }

  /**
   * Only the super admin takes admin rights away (issue 19): admins are otherwise only ever added, so
   * one admin cannot lock the others out. Checked before the target is looked up (403 before 404).
   */
  function assertSuperAdmin(viewer: Viewer): void {
    if (!viewer.isSuperAdmin) throw forbidden(COMMUNITY_MSG.onlySuperAdminRemovesAdmins, 'SUPER_ADMIN_ONLY');
  }

  return {
    /**
     * spec §3 Admin stats: totals, exact unique actors and the top glyphs. Exact when computed;
     * concurrent callers share one computation and the result is reused for ADMIN_STATS_TTL_MS
     * (the distinct-actor counts take ~1 s on a million views, bench/results).
     */
    async stats(): Promise<AdminStats> {
      return stats.get('stats', async () => {
        const [totals, topGlyphs] = await Promise.all([admin.stats(), admin.topGlyphs(TOP_GLYPHS_COUNT)]);
        return { ...totals, topGlyphs };
      });
    },

    /** Open reported items and held releases, for the admin tabs and bell (issue 48); uncached: they change with each decision. */
    async queueCounts() {
      return admin.queueCounts();
    },

    /** Every user with email and role (the only listing that carries emails). */
    async listUsers(options: { limit: number; offset: number; adminsOnly: boolean }) {
      return admin.listUsers(options);
    },

    /** The super-admin protection alone, before the body is read (issue 21: 403 before 400). */
    async assertCanEditUser(viewer: Viewer, id: string): Promise<void> {
      const row = isUserId(id) ? await admin.findUserById(id) : undefined;
      if (row?.isSuperAdmin && viewer.id !== row.id) throw forbidden(MSG.superAdminProtected, 'SUPER_ADMIN_PROTECTED');
    },

    /**
     * Updates allow-listed profile fields of any user. Email, roles and counters never come from here.
     * @throws AppError 404 unknown user, 403 the super admin edited by someone else, 409 username taken.
     */

    async updateUser(viewer: Viewer, id: string, input: AdminUserUpdate): Promise<{ user: AdminUserRow; fields: string[] }> {
      const current = await getUser(id);
      // DESIGN §4.6: the super admin cannot be edited by other admins.
      if (current.isSuperAdmin && viewer.id !== current.id) throw forbidden(MSG.superAdminProtected, 'SUPER_ADMIN_PROTECTED');
      const patch: AdminUserPatch = { updatedAt: clock.now() };
      const fields: string[] = [];
      if (input.username !== undefined && input.username !== current.username) {
        if (await admin.isUsernameTaken(input.username, id)) throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
        patch.username = input.username;
        fields.push('username');
      }
      if (input.displayName !== undefined && input.displayName !== current.name) {
        patch.name = input.displayName;
        fields.push('displayName');
      }
      if (input.bio !== undefined && input.bio !== current.bio) {
        patch.bio = input.bio;
        fields.push('bio');
      }
      if (input.location !== undefined && input.location !== current.location) {
        patch.location = input.location;
        fields.push('location');
      }
      if (input.website !== undefined && input.website !== current.website) {
        patch.website = input.website;
        fields.push('website');
      }
      if (input.profilePicture !== undefined) {
        patch.image = input.profilePicture ? normalizeImageUrl(input.profilePicture) : null;
        if (patch.image !== current.image) fields.push('profilePicture');
      }
      if (input.bannerImage !== undefined) {
        patch.bannerImage = input.bannerImage ? normalizeImageUrl(input.bannerImage) : null;
        if (patch.bannerImage !== current.bannerImage) fields.push('bannerImage');
      }
      if (fields.length === 0) return { user: current, fields };
      const entry: AuditInput = {
        actorId: viewer.id,
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        detail: fields.join(', '),
      };
      try {
        const updated = await admin.updateUser(id, patch, entry);
        if (!updated) throw notFound(MSG.userNotFound);
        changed();
        return { user: updated, fields };
      } catch (error) {
        // The unique index on lower(username) decides when two renames race.
        if (isUniqueViolation(error)) throw conflict(MSG.usernameTaken, 'USERNAME_TAKEN');
        throw error;
      }
    },

    /**
     * Promotes a user by id; an existing admin is left as is (200, no change).
     * @throws AppError 404 unknown user.
     */
    async makeAdmin(viewer: Viewer, id: string): Promise<RoleChange> {
      return grant(viewer, await getUser(id), 'make-admin');
    },

    /**
     * Promotes the account with this email, ignoring case.
     * @throws AppError 404 'No account found with this email address.'.
     */
    async addAdmin(viewer: Viewer, email: string): Promise<RoleChange> {
      const target = await admin.findUserByEmail(email.trim());
      if (!target) throw notFound(MSG.noAccountWithEmail);
      return grant(viewer, target, 'add-admin');
    },

    /** The route's access check (before the body and the target): only the super admin removes admins. */
    async assertCanRemoveAdmins(viewer: Viewer): Promise<void> {
      assertSuperAdmin(viewer);
    },

    /**
     * Takes admin rights from a regular admin; a non-admin is left as is. Super admin only.
     * @throws AppError 403 the caller is not the super admin, 404 unknown user, 403 for the super admin (never demoted, DESIGN §4.6).
     */
    async removeAdmin(viewer: Viewer, id: string): Promise<RoleChange> {
      assertSuperAdmin(viewer);
      const target = await getUser(id);
      if (target.isSuperAdmin) throw forbidden(MSG.superAdminProtected, 'SUPER_ADMIN_PROTECTED');
      if (!target.isAdmin) return { user: target, changed: false };
      const entry: AuditInput = { actorId: viewer.id, action: 'user.remove_admin', targetType: 'user', targetId: id };
      const result = await admin.setAdmin(id, false, clock.now(), entry);
      if (!result) throw notFound(MSG.userNotFound);
      changed();
      return { user: result.row, changed: result.changed };
    },

    /**
     * Soft-deletes any glyph through the glyphs module, auditing inside its transaction.
     * @throws AppError 404 'Glyph not found' (from the glyphs module).
     */
    async deleteGlyph(viewer: Viewer, id: string): Promise<void> {
      await glyphs.deleteGlyph(viewer, id, {
        inTransaction: (tx) => writeAudit(tx, { actorId: viewer.id, action: 'glyph.delete', targetType: 'glyph', targetId: id }),
      });
      changed();
    },

    /** The audit log, newest first. */
    async auditLog(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      return audit.list(limit, offset);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
