import '../zod.ts';
import { z } from 'zod';
import {
  COMMUNITY_MSG,
  MAX_COMMENT,
  MAX_MODERATION_NOTE,
  MAX_REPORT_DETAILS,
  MODERATION_ACTIONS,
  NOTIFICATION_TYPES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '../community.ts';
import { GlyphSchema } from './glyph.ts';

// eslint-disable-next-line no-control-regex
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (value: string) => !TEXT_CONTROL.test(value);

/** `POST /api/reports` body (issue 19). */
export const CreateReportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: COMMUNITY_MSG.reportTargetTypeInvalid }),
  targetId: z
    .string({ error: COMMUNITY_MSG.reportTargetIdRequired })
    .trim()
    .min(1, COMMUNITY_MSG.reportTargetIdRequired)
    .max(200, COMMUNITY_MSG.reportTargetNotFound),
  reason: z.enum(REPORT_REASONS, { error: COMMUNITY_MSG.reportReasonInvalid }),
  details: z
    .string({ error: 'details must be text' })
    .trim()
    .max(MAX_REPORT_DETAILS, COMMUNITY_MSG.reportDetailsTooLong)
    .refine(noControl, 'Text must not contain control characters')
    .optional()
    .default(''),
});
export type CreateReportInput = z.input<typeof CreateReportInputSchema>;

/** `POST /api/admin/reports/{id}/resolve` body. */
export const ResolveReportInputSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: COMMUNITY_MSG.moderationActionInvalid }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(MAX_MODERATION_NOTE, COMMUNITY_MSG.moderationNoteTooLong)
    .refine(noControl, 'Text must not contain control characters')
    .optional()
    .default(''),
});
export type ResolveReportInput = z.input<typeof ResolveReportInputSchema>;

export const ReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  resolution: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  reporter: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

/** What the moderation queue knows about a reported thing. */
export const ReportTargetSummarySchema = z.object({
  exists: z.boolean(),
  title: z.string().nullable(),
  excerpt: z.string().nullable(),
  url: z.string().nullable(),
  owner: z.object({ id: z.string(), username: z.string() }).nullable(),
  hidden: z.boolean(),
  deleted: z.boolean(),
  ownerSuspended: z.boolean(),
  /** The glyph's APK facts and its APK report's key findings (issue 15). */
  apk: z
    .object({
      sha256: z.string().nullable(),
      size: z.number().nullable(),
      permissions: z.array(z.string()),
      signatureStatus: z.string().nullable(),
      isGlyphToy: z.boolean().nullable(),
    })
    .nullable(),
});

export const ReportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  count: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  target: ReportTargetSummarySchema,
  reports: z.array(ReportSchema),
  /** Earlier decisions on the same target, newest first. */
  history: z.array(z.object({ action: z.string(), note: z.string().nullable(), actorUsername: z.string().nullable(), createdAt: z.string() })),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportQueueSchema = z.object({ groups: z.array(ReportGroupSchema), total: z.number().int() });

export const CommentInputSchema = z.object({
  body: z
    .string({ error: COMMUNITY_MSG.commentRequired })
    .trim()
    .min(1, COMMUNITY_MSG.commentRequired)
    .max(MAX_COMMENT, COMMUNITY_MSG.commentTooLong)
    .refine(noControl, 'Text must not contain control characters'),
});

export const CommentSchema = z.object({
  id: z.string(),
  glyphId: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), username: z.string(), displayName: z.string(), profilePicture: z.string().nullable() }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentPageSchema = z.object({
  comments: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
  commentsEnabled: z.boolean(),
  glyphCreatorId: z.string(),
});
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.string().nullable()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MarkReadInputSchema = z
  .object({
    ids: z.array(z.string().max(64)).max(200, 'At most 200 ids at a time').optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .refine((v) => v.all === true || (v.ids !== undefined && v.ids.length > 0), COMMUNITY_MSG.notificationIdsRequired);

/**
 * One entry of the Following feed (issue 19): a followed creator's new glyph, or a new release of one of
 * their glyphs (release 1, shared with the glyph itself, is the glyph's entry). `at`: when it appeared.
 */
export const FollowingEntrySchema = z.object({
  kind: z.enum(['glyph', 'release']),
  at: z.string(),
  glyph: GlyphSchema,
  release: z
    .object({ id: z.string(), versionName: z.string().nullable(), versionCode: z.number().int().nullable(), changelog: z.string(), signerChanged: z.boolean() })
    .nullable(),
});
export type FollowingEntry = z.infer<typeof FollowingEntrySchema>;

export const FollowingPageSchema = z.object({ entries: z.array(FollowingEntrySchema), nextCursor: z.string().nullable() });
export type FollowingPage = z.infer<typeof FollowingPageSchema>;

export const FollowStateSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const VoteStateSchema = z.object({ voted: z.boolean(), votes: z.number().int() });
export type VoteState = z.infer<typeof VoteStateSchema>;

export const DigestSettingsSchema = z.object({ digestEmail: z.boolean({ error: 'digestEmail must be true or false' }) });
