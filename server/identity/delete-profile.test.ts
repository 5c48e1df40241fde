import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../../tests/support/studio.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { logIn, signUp, signUpVerified } from '../../tests/support/auth.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('DELETE /api/v3/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("removes the account's stored files and frees its e-mail address for a new sign-up", async () => {
    const account = await signUpVerified(t);
    const body = form([
      { name: 'type', value: 'feedback' },
      { name: 'topic', value: 'Voices' },
      { name: 'description', value: 'More accents, please.' },
      { name: 'files', filename: 'shot.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' },
    ]);
    const sent = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(200);
    const keysOf = async () =>
      rows<{ storage_key: string }>(
        await t.database.db.execute(sql`select storage_key from files where owner_id = ${account.userId}`),
      ).map((r) => r.storage_key);
    const [key] = await keysOf();
    expect(key).toBeDefined();
    expect(await t.app.storage.exists(key!)).toBe(true);

    const deleted = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.storage.exists(key!)).toBe(false);
    expect(await keysOf()).toEqual([]);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(401);

    // The same address signs up again, as a new account.
    const again = await signUp(t, { email: account.email.toUpperCase() });
    expect(again.res.statusCode).toBe(201);
    expect(again.userId).not.toBe(account.userId);
  });
});
