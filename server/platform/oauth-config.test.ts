import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loadOauthConfig } from './oauth-config.ts';

const p256 = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('OAuth providers from the environment', () => {
  it('has none by default, so every provider is off', () => {
    expect(loadConfig({}).oauth).toEqual({});
  });

  it('turns a provider on with its client id and secret', () => {
    const oauth = loadOauthConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      FACEBOOK_CLIENT_ID: 'f-id',
      FACEBOOK_CLIENT_SECRET: 'f-secret',
    });
    expect(oauth).toEqual({
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
      facebook: { clientId: 'f-id', clientSecret: 'f-secret' },
    });
    expect(loadConfig({ LINKEDIN_CLIENT_ID: 'l', LINKEDIN_CLIENT_SECRET: 's' }).oauth.linkedin).toEqual({
      clientId: 'l',
      clientSecret: 's',
    });
  });

  it('reads Apple team, key id and .p8 key, with "\\n" escapes as one env line', () => {
    const pem = p256();
    const oauth = loadOauthConfig({
      APPLE_CLIENT_ID: 'com.example.timbre',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: pem.trim().replaceAll('\n', '\\n'),
    });
    expect(oauth.apple).toEqual({
      clientId: 'com.example.timbre',
      apple: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKeyPem: pem.trim() },
    });
  });

  it('names what a half-configured provider lacks', () => {
    expect(() => loadOauthConfig({ GOOGLE_CLIENT_ID: 'g' })).toThrow(
      new ConfigError('GOOGLE_CLIENT_ID is set, so GOOGLE_CLIENT_SECRET must be too'),
    );
    expect(() => loadOauthConfig({ LINKEDIN_CLIENT_SECRET: 's' })).toThrow(
      new ConfigError('LINKEDIN_CLIENT_SECRET set without LINKEDIN_CLIENT_ID'),
    );
    expect(() => loadOauthConfig({ APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't' })).toThrow(
      new ConfigError('APPLE_CLIENT_ID is set, so APPLE_KEY_ID, APPLE_PRIVATE_KEY must be too'),
    );
    expect(() => loadOauthConfig({ FACEBOOK_OAUTH_ISSUER: 'https://id.example.com' })).toThrow(
      /FACEBOOK_OAUTH_ISSUER set without FACEBOOK_CLIENT_ID/,
    );
  });

  it('refuses an Apple key that is not a P-256 PKCS#8 key, without echoing it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const key of ['not a key', rsa]) {
      let message = '';
      try {
        loadOauthConfig({ APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k', APPLE_PRIVATE_KEY: key });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message).toMatch(/^APPLE_PRIVATE_KEY must be the PKCS#8 PEM of a P-256 key/);
      expect(message).not.toContain(key.slice(0, 40));
    }
  });

  it('points a provider at another OpenID issuer: https, or http on a loopback host only', () => {
    const base = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' };
    expect(loadOauthConfig({ ...base, GOOGLE_OAUTH_ISSUER: 'https://id.example.com/realms/timbre/' }).google).toEqual({
      clientId: 'g',
      clientSecret: 's',
      issuer: 'https://id.example.com/realms/timbre',
    });
    expect(loadOauthConfig({ ...base, GOOGLE_OAUTH_ISSUER: 'http://127.0.0.1:4010' }).google?.issuer).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadOauthConfig({ ...base, GOOGLE_OAUTH_ISSUER: 'http://id.example.com' })).toThrow(
      /GOOGLE_OAUTH_ISSUER must be an https URL \(http only on localhost\)/,
    );
    expect(() => loadOauthConfig({ ...base, GOOGLE_OAUTH_ISSUER: 'id.example.com' })).toThrow(
      new ConfigError('GOOGLE_OAUTH_ISSUER must be a URL, got "id.example.com"'),
    );
  });
});
