import '../zod.ts';
import { z } from 'zod';
import { MAX_BIO, MAX_DISPLAY_NAME, MAX_LOCATION, MAX_URL_LENGTH } from '../constants.ts';
import { AUTH_MSG } from '../messages/auth.ts';
import { GLYPH_MSG } from '../messages/glyphs.ts';
import { REQUEST_MSG } from '../messages/requests.ts';
import { SETTINGS_MSG } from '../messages/settings.ts';
import { validateUsername } from '../validation/signup.ts';
import { isResourceUrl, isHttpUrl } from '../validation/url.ts';

/** Public projection of a profile (spec §3 "User profile" minus email and isAdmin; SECURITY C14). */
export const PublicUserSchema = z.object({
  uid: z.string(),
  username: z.string(),
  displayName: z.string(),
  profilePicture: z.string().nullable(),
  bannerImage: z.string().nullable(),
  bio: z.string(),
  website: z.string(),
  location: z.string(),
  glyphsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** The full profile, for its owner and admins (spec §3). */
export const UserProfileSchema = PublicUserSchema.extend({
  email: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** Issue 21: an email change waiting for its confirmation link (the owner's and admins' view). */
  pendingEmail: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX_URL_LENGTH, message)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || v === undefined || isResourceUrl(v), message);

/** `POST /update-user` body (spec §7 + location and website, issue 8). Unknown fields are dropped. */
export const UpdateUserInputSchema = z.object({
  username: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const error = validateUsername(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .optional(),
  displayName: z
    .string()
    .trim()
    .min(1, AUTH_MSG.displayNameRequired)
    .max(MAX_DISPLAY_NAME, AUTH_MSG.displayNameTooLong)
    .optional(),
  bio: z.string().max(MAX_BIO, SETTINGS_MSG.bioTooLong).optional(),
  location: z.string().trim().max(MAX_LOCATION, SETTINGS_MSG.locationTooLong).optional(),
  website: z
    .string()
    .trim()
    .max(MAX_URL_LENGTH, GLYPH_MSG.urlInvalid)
    .refine((v) => v === '' || isHttpUrl(v), GLYPH_MSG.urlInvalid)
    .optional(),
  profilePicture: optionalUrl(REQUEST_MSG.imageUrlInvalid),
  bannerImage: optionalUrl(REQUEST_MSG.imageUrlInvalid),
});
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;
