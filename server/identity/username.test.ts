import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { uniqueUsername, USERNAME_MAX, usernameStem } from './username.ts';

describe('usernameStem', () => {
  it('keeps latin letters and digits, drops accents and joins the rest with single hyphens', () => {
    expect(usernameStem('John.Doe+timbre')).toBe('john-doe-timbre');
    expect(usernameStem('  Zoë  Ångström ')).toBe('zoe-angstrom');
    expect(usernameStem('__x__')).toBe('user');
    expect(usernameStem('李')).toBe('user');
  });

  it('leaves room for a numeric suffix', () => {
    const stem = usernameStem('a'.repeat(80));
    expect(stem.length + '-12345678'.length).toBeLessThanOrEqual(USERNAME_MAX);
  });
});

describe('uniqueUsername', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const insert = (username: string) =>
    t.database.db.execute(sql`
      insert into users (username, email, email_normalized) values (${username}, ${username + '@example.test'}, ${username + '@example.test'})`);

  it('returns the stem while it is free, then a suffixed name no row holds', async () => {
    expect(await uniqueUsername(t.database.db, 'Marie Curie')).toBe('marie-curie');
    await insert('marie-curie');
    const next = await uniqueUsername(t.database.db, 'Marie Curie');
    expect(next).toMatch(/^marie-curie-\d{4}$/);
    await insert(next);
    expect(await uniqueUsername(t.database.db, 'marie.curie')).not.toBe(next);
  });

  it('never hands out a reserved route name', async () => {
    expect(await uniqueUsername(t.database.db, 'account')).toMatch(/^account-\d{4}$/);
    expect(await uniqueUsername(t.database.db, 'Pricing')).toMatch(/^pricing-\d{4}$/);
  });
});
