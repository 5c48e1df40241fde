import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('marks cookies Secure in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
  });
});
