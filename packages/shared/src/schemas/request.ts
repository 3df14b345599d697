import '../zod.ts';
import { z } from 'zod';
import { MAX_DESCRIPTION, MAX_SEARCH_LENGTH, MAX_TAG_LENGTH, MAX_TAGS, MAX_TITLE, MAX_IMAGES, MY_REQUEST_TYPES, REQUEST_STATUSES } from '../constants.ts';
import { COMMON_MSG } from '../messages/common.ts';
import { GLYPH_MSG } from '../messages/glyphs.ts';
import { REQUEST_MSG } from '../messages/requests.ts';
import { normalizeTags } from '../validation/request.ts';
import { isResourceUrl } from '../validation/url.ts';
import { GLYPH_DEVICES } from '../apk/devices.ts';

export const PersonRefSchema = z.object({ id: z.string(), username: z.string() });

/** spec §3 Glyph request (snake_case keys, as the spec names them). */
export const GlyphRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  reference_images: z.array(z.string()),
  reference_files: z.array(z.string()),
  status: z.enum(REQUEST_STATUSES),
  user_id: z.string().nullable(),
  user: PersonRefSchema.nullable(),
  assigned_to: z.string().nullable(),
  assigned_user: PersonRefSchema.nullable(),
  completed_glyph_id: z.string().nullable(),
  /** The toy that completed the request, with what its card shows (issue 48); null fields once it is deleted. */
  completed_glyph: z
    .object({ id: z.string(), title: z.string(), thumbnail: z.string().nullable(), creator_username: z.string().nullable(), deleted: z.boolean() })
    .nullable(),
  /** Issue 48: the phone the request is for, or null for any. */
  device: z.enum(GLYPH_DEVICES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 19: 'I want this too' votes. */
  votes: z.number().int(),
  type: z.enum(['assigned', 'created']).optional(),
});
export type GlyphRequest = z.infer<typeof GlyphRequestSchema>;

const referenceList = z
  .array(z.string().max(2048))
  .max(MAX_IMAGES, COMMON_MSG.maxFiles(MAX_IMAGES))
  .optional()
  .default([])
  .refine((list) => list.every(isResourceUrl), GLYPH_MSG.urlInvalid);

/** `POST /glyph-requests` body (spec §7). Status and requester are server-owned. */
export const CreateRequestInputSchema = z.object({
  title: z
    .string({ error: REQUEST_MSG.requestTitleRequired })
    .trim()
    .min(1, REQUEST_MSG.requestTitleRequired)
    .max(MAX_TITLE, GLYPH_MSG.titleTooLong),
  description: z
    .string({ error: REQUEST_MSG.requestDescriptionRequired })
    .trim()
    .min(1, REQUEST_MSG.requestDescriptionRequired)
    .max(MAX_DESCRIPTION, GLYPH_MSG.descriptionTooLong),
  tags: z
    .union([z.string().max(2000), z.array(z.string().max(200)).max(100)])
    .optional()
    .transform((v) => normalizeTags(v ?? []))
    .refine((tags) => tags.length <= MAX_TAGS, COMMON_MSG.tooManyTags)
    .refine((tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH), COMMON_MSG.tagTooLong),
  reference_images: referenceList,
  reference_files: referenceList,
  device: z
    .enum(GLYPH_DEVICES, { error: REQUEST_MSG.requestDeviceInvalid })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type CreateRequestInput = z.input<typeof CreateRequestInputSchema>;

export const ListRequestsQuerySchema = z.object({
  limit: z.coerce.number().int().optional(),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').optional(),
  search: z.string().max(MAX_SEARCH_LENGTH, 'Search is limited to 100 characters').optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  // Issue 19: sort the board by votes.
  sort: z.enum(['latest', 'votes'], { error: 'sort must be latest or votes' }).optional(),
  // Issue 48: only requests for this phone.
  device: z.enum(GLYPH_DEVICES, { error: REQUEST_MSG.requestDeviceInvalid }).optional(),
});

export const MyRequestsQuerySchema = z.object({
  type: z.enum(MY_REQUEST_TYPES).optional().default('all'),
});

export const CompleteRequestInputSchema = z.object({
  glyph_id: z.string().max(64).nullable().optional(),
});

export const RequestListSchema = z.object({
  requests: z.array(GlyphRequestSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type RequestList = z.infer<typeof RequestListSchema>;
