import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { logIn } from '../../tests/support/auth.ts';
import { generatePassword, seedAdmin } from './seed-admin.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,32}$/;

describe('the admin seeded at first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('exists after the first start: verified, admin only, past the wizard, with a password shown once', async () => {
    const seed = t.app.startup.admin!;
    expect(seed).toMatchObject({ email: 'admin@timbre.local', created: true });
    expect(seed.generatedPassword).toMatch(RULE);
    const res = await logIn(t, seed.email, seed.generatedPassword!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'admin@timbre.local',
      roles: ['admin'],
      verified: true,
      data: { demo_wizard: { ignoreWizard: true } },
    });
    expect(res.json().user.username).toMatch(/^admin-\d+$/);
  });

  it('is idempotent: a later start neither creates another admin nor shows or resets a password', async () => {
    const before = rows<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where 'admin' = any(roles)`),
    );
    const again = await seedAdmin(t.database.db, t.app.config);
    expect(again).toEqual({ email: 'admin@timbre.local', created: false });
    const withPassword = await seedAdmin(t.database.db, { ...t.app.config, adminPassword: 'Oth3r-passw0rd!' });
    expect(withPassword).toEqual({ email: 'admin@timbre.local', created: false });
    const after = rows<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where 'admin' = any(roles)`),
    );
    expect(after).toEqual(before);
  });

  it('does not mint a second generated admin under another default e-mail while one exists', async () => {
    const other = await seedAdmin(t.database.db, { adminEmail: 'someone@timbre.local', adminPassword: undefined });
    expect(other).toEqual({ email: 'admin@timbre.local', created: false });
  });

  it('creates ADMIN_EMAIL with ADMIN_PASSWORD when given, and prints no password for it', async () => {
    const seed = await seedAdmin(t.database.db, { adminEmail: 'Root@Example.test', adminPassword: 'R00t-passw0rd!' });
    expect(seed).toEqual({ email: 'Root@Example.test', created: true });
    const res = await logIn(t, 'root@example.test', 'R00t-passw0rd!');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual(['admin']);
  });
});

describe('generatePassword', () => {
  it('always meets the password rule and never repeats', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(RULE);
      expect(p).toHaveLength(24);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
