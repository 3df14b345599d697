import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('starts with no configuration on the embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', HOST: '127.0.0.1', NODE_ENV: 'development', TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every invalid variable in one readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}- SMTP_URL: must be an smtp/,
    );
  });

  it('refuses to boot in production without the required secrets', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET: required in production[\s\S]*SUPER_ADMIN_EMAIL: required in production/);
  });

  it('parses booleans strictly', () => {
    expect(loadEnv({ TRUST_PROXY: 'true', AUTH_GENERIC_LOGIN_ERRORS: '1' })).toMatchObject({ TRUST_PROXY: true, AUTH_GENERIC_LOGIN_ERRORS: true });
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
