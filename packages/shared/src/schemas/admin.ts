import '../zod.ts';
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, SYNC_STATUSES } from '../constants.ts';
import { AUTH_MSG } from '../messages/auth.ts';

/** spec §3 Admin stats. */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalGlyphs: z.number().int(),
  totalDownloads: z.number().int(),
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  totalAdmins: z.number().int(),
  uniqueViewers: z.number().int(),
  uniqueDownloaders: z.number().int(),
  topGlyphs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      views: z.number().int(),
      downloads: z.number().int(),
      likes: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** spec §3 Sync status. */
export const SyncStatusSchema = z.object({
  status: z.enum(SYNC_STATUSES),
  lastRun: z.string().nullable(),
  nextRun: z.string().nullable(),
});
export type SyncStatusResult = z.infer<typeof SyncStatusSchema>;

/** spec §3 Sync result. */
export const SyncResultSchema = z.object({ success: z.boolean(), message: z.string(), updated: z.number().int() });
export type SyncResult = z.infer<typeof SyncResultSchema>;

/** `POST /admin/add-admin` body: one email, matched ignoring case. */
export const AddAdminInputSchema = z.object({
  email: z
    .string({ error: AUTH_MSG.emailRequired })
    .trim()
    .min(1, AUTH_MSG.emailRequired)
    .max(MAX_EMAIL_LENGTH, AUTH_MSG.invalidEmail)
    .email(AUTH_MSG.invalidEmail),
});

/** `POST /admin/sync-glyph-counts` body (spec §7: `syncAll` or options; the one option is a glyph). */
export const SyncInputSchema = z.object({
  syncAll: z.boolean({ error: 'syncAll must be true or false' }).optional(),
  glyphId: z.string({ error: 'glyphId must be a string' }).max(64, 'glyphId is too long').optional(),
});

/** One audit log entry: actor, action, target, time (issue 7). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /api/admin/queue-counts` (issue 48): what waits for an admin, shown on the admin tabs and the bell. */
export const AdminQueueCountsSchema = z.object({ openReports: z.number().int(), heldReleases: z.number().int() });
export type AdminQueueCounts = z.infer<typeof AdminQueueCountsSchema>;
