import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Glyphary <no-reply@glyphary.local>'),
  TRUST_PROXY: bool,
  AUTH_GENERIC_LOGIN_ERRORS: bool,
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  AUTH_IP_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  AUTH_EMAIL_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  AUTH_EMAIL_WINDOW_MS: z.coerce.number().int().min(1000).default(15 * 60_000),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  READ_RATE_LIMIT: z.coerce.number().int().min(1).default(3000),
  // Issue 19: per-user hourly limits on reports and comments, and the community job (stale requests, digests).
  REPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  COMMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  COMMUNITY_JOB: z.enum(['auto', 'on', 'off']).default('auto'),
  // Issue 21: what one user's stored files may take (0 = no quota), and the hourly job that removes
  // uploads nothing attached after a day ('auto' runs it except under NODE_ENV=test).
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(0).default(1024 * 1024 * 1024),
  FILE_LIFETIME_JOB: z.enum(['auto', 'on', 'off']).default('auto'),
  SYNC_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 60 * 1000),
  // The hourly count sync (spec §4): 'auto' runs it except under NODE_ENV=test; tests that need it say 'on'.
  SYNC_JOB: z.enum(['auto', 'on', 'off']).default('auto'),
  FILE_SCAN_COMMAND: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Scale-out (issue 11): files in an S3-compatible bucket when S3_BUCKET is set (local disk otherwise).
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  // Shared throttle counters in Redis when set (otherwise PostgreSQL when DATABASE_URL is set, else memory).
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  // GET /metrics answers loopback callers, or any caller with `Authorization: Bearer <METRICS_TOKEN>`.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Issue 49: the F-Droid repository's signing key (PEM text or a file holding it: a PKCS#8 PRIVATE KEY and its
  // CERTIFICATE). Unset: generated on first use into DATA_DIR/fdroid/repo-key.pem. Every instance must share it.
  FDROID_REPO_KEY: z.string().optional(),
  // How old (ms) the served indexes may get before the next request rebuilds them from the database.
  FDROID_INDEX_MAX_AGE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // Fault injection for the SECURITY §5 tests only (apps/server/src/lib/failpoints.ts): `name:action,…`.
  FAILPOINTS: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * Parses configuration from the environment, once, at boot. This is the only reader of `process.env`.
 * @throws Error listing every invalid variable, or the secrets production requires.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set" (shells and CI files often export VAR= to clear one).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // Static S3 credentials come as a pair; with neither, the AWS SDK's default chain (IAM role, profile) applies.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  - S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.NODE_ENV === 'production') {
    const missing = (['BETTER_AUTH_SECRET', 'SUPER_ADMIN_EMAIL', 'PUBLIC_URL'] as const).filter((key) => !env[key]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration:\n${missing.map((key) => `  - ${key}: required in production`).join('\n')}`);
    }
  }
  return env;
}
