import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, STRONG_PASSWORD } from './config.ts';
import { contract } from './contracts.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({}, '/srv/timbre');
    expect(c).toMatchObject({
      port: 8080,
      dataDir: path.resolve('/srv/timbre/data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      services: ['auth', 'marketplace', 'models', 'notifications'],
      cookieSecure: false,
    });
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SERVICES', () => {
    const c = loadConfig(
      { PORT: '9000', DATA_DIR: '/var/lib/timbre', DATABASE_URL: 'postgres://db/timbre', SERVICES: 'auth, models' },
      '/x',
    );
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/timbre',
      databaseUrl: 'postgres://db/timbre',
      services: ['auth', 'models'],
    });
  });

  it('says which variable is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be an integer between 0 and 65535, got "eighty"'),
    );
    expect(() => loadConfig({ SERVICES: 'auth,billing' })).toThrow(/SERVICES lists unknown service "billing"/);
  });

  it('serves the embedded feature flags unless GROWTHBOOK_API_HOST points the SDK at a real GrowthBook', () => {
    expect(loadConfig({}).growthbook).toEqual({ clientKey: 'sdk-timbre-embedded', apiHost: undefined });
    expect(
      loadConfig({ GROWTHBOOK_API_HOST: 'https://cdn.growthbook.io/', GROWTHBOOK_CLIENT_KEY: 'sdk-abc123' }).growthbook,
    ).toEqual({ clientKey: 'sdk-abc123', apiHost: 'https://cdn.growthbook.io' });
    expect(() => loadConfig({ GROWTHBOOK_API_HOST: 'cdn.growthbook.io' })).toThrow(/GROWTHBOOK_API_HOST must be/);
    expect(() => loadConfig({ GROWTHBOOK_CLIENT_KEY: 'sdk/../x' })).toThrow(/GROWTHBOOK_CLIENT_KEY must be/);
  });

  it('names the environment staging unless ENVIRONMENT says otherwise, and refuses a name that is not one', () => {
    expect(loadConfig({}).environment).toBe('staging');
    expect(loadConfig({ ENVIRONMENT: ' production ' }).environment).toBe('production');
    expect(() => loadConfig({ ENVIRONMENT: 'prod uction' })).toThrow(
      new ConfigError('ENVIRONMENT must be a short name (letters, digits, - _ .), got "prod uction"'),
    );
  });

  it('loads no third-party tracker unless GOOGLE_TAG_ID names a Google tag, and tracks conversions unless told off', () => {
    // SPEC.md section 9: third-party trackers off by default; a conversion-tracking flag is on.
    expect(loadConfig({})).toMatchObject({ googleTagId: undefined, conversionTracking: true });
    expect(loadConfig({ GOOGLE_TAG_ID: ' G-TEST0000 ' }).googleTagId).toBe('G-TEST0000');
    expect(loadConfig({ GOOGLE_TAG_ID: 'AW-123456789' }).googleTagId).toBe('AW-123456789');
    expect(loadConfig({ GOOGLE_TAG_ID: '' }).googleTagId).toBeUndefined();
    for (const wrong of ['UA-12345-1', 'GTM-ABC1234', 'G-', 'g-test0000', 'G-TEST0000"><script>']) {
      expect(() => loadConfig({ GOOGLE_TAG_ID: wrong }), wrong).toThrow(/^GOOGLE_TAG_ID must be a Google tag id/);
    }
    expect(loadConfig({ CONVERSION_TRACKING: 'off' }).conversionTracking).toBe(false);
    expect(loadConfig({ CONVERSION_TRACKING: 'OFF' }).conversionTracking).toBe(false);
    expect(loadConfig({ CONVERSION_TRACKING: 'on' }).conversionTracking).toBe(true);
    expect(() => loadConfig({ CONVERSION_TRACKING: 'maybe' })).toThrow(
      new ConfigError('CONVERSION_TRACKING must be on or off, got "maybe"'),
    );
  });

  it('marks cookies Secure in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
  });

  it('sends mail to the outbox and leaves the bot check off unless configured', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Timbre <no-reply@timbre.local>',
      turnstileSecret: undefined,
      turnstileSiteKey: undefined,
      adminEmail: 'admin@timbre.local',
      adminPassword: undefined,
      trustProxy: false,
    });
    const set = loadConfig({
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Timbre <hello@example.com>',
      TURNSTILE_SECRET: 'secret',
      TURNSTILE_SITE_KEY: 'site',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'Adm1n-Passw0rd!',
      TRUST_PROXY: 'true',
    });
    expect(set).toMatchObject({
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Timbre <hello@example.com>',
      turnstileSecret: 'secret',
      turnstileSiteKey: 'site',
      adminEmail: 'root@example.com',
      adminPassword: 'Adm1n-Passw0rd!',
      trustProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses a weak ADMIN_PASSWORD without echoing it, and a malformed ADMIN_EMAIL', () => {
    let message = '';
    try {
      loadConfig({ ADMIN_PASSWORD: 'hunter2' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/^ADMIN_PASSWORD must be 8-32 characters/);
    expect(message).not.toContain('hunter2');
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an address' })).toThrow(/ADMIN_EMAIL must be an e-mail address/);
  });

  it('reads the error-reporting settings: SENTRY_DSN checked, the release, the test route off in production', () => {
    expect(loadConfig({}).sentryDsn).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/42' }).sentryDsn).toBe(
      'https://abc@o1.ingest.sentry.io/42',
    );
    expect(() => loadConfig({ SENTRY_DSN: 'https://o1.ingest.sentry.io/42' })).toThrow(/SENTRY_DSN/);
    expect(loadConfig({}).release).toMatch(/^timbre@\d+\.\d+\.\d+/);
    expect(loadConfig({ RELEASE: 'build-77' }).release).toBe('build-77');
    expect(loadConfig({}).errorTestRoute).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).errorTestRoute).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ERROR_TEST_ROUTE: 'true' }).errorTestRoute).toBe(true);
  });

  it('reads rate limits as count/seconds with the documented defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginAccount: { limit: 10, windowSeconds: 900 },
      loginAccountIp: { limit: 10, windowSeconds: 900 },
      loginIp: { limit: 50, windowSeconds: 900 },
      signupIp: { limit: 5, windowSeconds: 3600 },
      signupEmail: { limit: 5, windowSeconds: 3600 },
      mail: { limit: 5, windowSeconds: 3600 },
      mailIp: { limit: 20, windowSeconds: 3600 },
      promo: { limit: 10, windowSeconds: 3600 },
      monitoring: { limit: 300, windowSeconds: 60 },
    });
    expect(loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '3/60' }).rateLimits.loginAccount).toEqual({
      limit: 3,
      windowSeconds: 60,
    });
    expect(loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT_IP: '4/120' }).rateLimits.loginAccountIp).toEqual({
      limit: 4,
      windowSeconds: 120,
    });
    expect(() => loadConfig({ RATE_LIMIT_SIGNUP_IP: 'ten' })).toThrow(
      new ConfigError('RATE_LIMIT_SIGNUP_IP must be "count/seconds" (e.g. 10/900, at most a week), got "ten"'),
    );
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_IP: '0/60' })).toThrow(/RATE_LIMIT_LOGIN_IP/);
  });

  it('turns on only the OAuth providers whose credentials are set (details: oauth-config.test.ts)', () => {
    expect(loadConfig({}).oauth).toEqual({});
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).oauth).toEqual({
      google: { clientId: 'id', clientSecret: 'secret' },
    });
    expect(() => loadConfig({ FACEBOOK_CLIENT_ID: 'id' })).toThrow(
      new ConfigError('FACEBOOK_CLIENT_ID is set, so FACEBOOK_CLIENT_SECRET must be too'),
    );
  });

  it('keeps files on the local disk unless S3_BUCKET is set, and caps uploads at 1073741824 bytes', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ s3: undefined, fileUrlSecret: undefined, maxUploadBytes: 1_073_741_824 });
    expect(loadConfig({ MAX_UPLOAD_BYTES: '1048576', FILE_URL_SECRET: 's3cret' })).toMatchObject({
      maxUploadBytes: 1_048_576,
      fileUrlSecret: 's3cret',
    });
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES must be an integer/);
    expect(
      loadConfig({
        S3_BUCKET: 'timbre',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'timbre',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'timbre', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'),
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('takes payments with Stripe only when both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_xyz',
      meterEventName: 'timbre_seconds',
    });
    const both = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' };
    expect(loadConfig({ ...both, STRIPE_METER_EVENT_NAME: 'per_minute_seconds' }).stripe?.meterEventName).toBe(
      'per_minute_seconds',
    );
    expect(() => loadConfig({ ...both, STRIPE_METER_EVENT_NAME: 'two words' })).toThrow(/STRIPE_METER_EVENT_NAME/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'),
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'xyz' })).toThrow(
      /STRIPE_WEBHOOK_SECRET must start with whsec_/,
    );
  });
});

describe('ADMIN_PASSWORD', () => {
  it('follows the same rule as the contract’s Password, so the admin can sign in with it', async () => {
    const { document } = await contract('auth');
    const schemas = (document as { components: { schemas: Record<string, { pattern?: string }> } }).components.schemas;
    expect(STRONG_PASSWORD.source).toBe(schemas.Password!.pattern);
  });
});
