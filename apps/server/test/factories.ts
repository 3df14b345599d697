import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '../src/db/client.ts';
import { SUPER_ADMIN_EMAIL, TEST_SECRET } from './build-test-app.ts';
import { glyphs, users } from '../src/db/schema/index.ts';

let sequence = 0;

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  token: string;
  /** Headers that authenticate as this user (bearer token). */
  auth: { authorization: string };
}

/** Unique sign-up fields; pass overrides for specific cases. */
export function userFields(overrides: Partial<{ email: string; username: string; name: string; password: string }> = {}) {
  sequence += 1;
  const tag = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${sequence}`;
  return {
    email: `user_${tag}@example.test`,
    username: `user_${tag}`,
    name: `User ${sequence}`,
    password: 'glyph-pass-1',
    ...overrides,
  };
}

/**
 * Signs a user up through the real API and returns its bearer token.
 * @throws when the sign-up does not answer 200.
 */
export async function createUser(
  app: FastifyInstance,
  overrides: Parameters<typeof userFields>[0] = {},
): Promise<TestUser> {
  const fields = userFields(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: fields });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  const user: TestUser = {
    id: body.user.id,
    email: fields.email,
    username: fields.username,
    password: fields.password,
    token: body.token,
    auth: { authorization: `Bearer ${body.token}` },
  };
  // The test super admin proves the address, as the real one does by opening the mailed link.
  if (fields.email.toLowerCase() === SUPER_ADMIN_EMAIL) await verifyEmail(app, user, TEST_SECRET);
  return user;
}

/** Makes a user an admin directly in the database (admin routes are tested in their own suite). */
export async function makeAdmin(database: Database, userId: string): Promise<void> {
  await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

/** Inserts a glyph row directly (for suites that need glyphs without going through uploads). */
export async function insertGlyph(
  database: Database,
  creatorId: string,
  values: Partial<typeof glyphs.$inferInsert> = {},
): Promise<typeof glyphs.$inferSelect> {
  sequence += 1;
  const [row] = await database.db
    .insert(glyphs)
    .values({
      creatorId,
      title: `Glyph ${sequence}`,
      description: `A test glyph number ${sequence}`,
      githubUrl: 'https://github.com/example/glyph',
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  await database.db
    .update(users)
    .set({ glyphsCount: await database.db.$count(glyphs, and(eq(glyphs.creatorId, creatorId), isNull(glyphs.deletedAt))) })
    .where(eq(users.id, creatorId));
  return row;
}

/**
 * Proves a user's address the way the verification email does (issue 21: the SUPER_ADMIN_EMAIL account
 * becomes the super admin only then): a token signed with the app's secret, opened with the user's session.
 * @throws when the link does not answer 200.
 */
export async function verifyEmail(app: FastifyInstance, user: TestUser, secret: string): Promise<void> {
  const token = await createEmailVerificationToken(secret, user.email, undefined, 3600, { userId: user.id });
  const response = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}`, headers: user.auth });
  if (response.statusCode !== 200) throw new Error(`verify-email failed: ${response.statusCode} ${response.body}`);
}
