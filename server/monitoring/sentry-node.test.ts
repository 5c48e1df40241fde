import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { HttpError } from '../platform/errors.ts';
import { flushServerSentry, initServerSentry, serverSentryOptions } from './sentry-node.ts';

describe('@sentry/node in the server: unexpected 5xx errors reach the same error reports', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({
      worker: { enabled: false },
      handlers: {
        // Two operations broken on purpose: one throws an unexpected error (500), one a refusal (403).
        getEventsSummary: async () => {
          throw new Error('Summary exploded on purpose');
        },
        listAuditEntries: async () => {
          throw new HttpError(403, 'An expected refusal');
        },
      },
    });
    initServerSentry(t.app.config);
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  it('starts with the environment, the release, trace sample rate 1 and "Failed to fetch" ignored', () => {
    const options = serverSentryOptions(t.app.config);
    expect(options).toMatchObject({
      environment: 'staging',
      release: expect.stringMatching(/^timbre@\d+\.\d+\.\d+/),
      tracesSampleRate: 1,
      ignoreErrors: ['Failed to fetch'],
    });
  });

  it('records a 500 with its route pattern, platform server and the user’s id; a 4xx is not recorded', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/events/summary?days=3', headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(500);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/audit', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(403);
    await flushServerSentry();
    const rows = async () =>
      rowsOf<{
        platform: string;
        type: string;
        message: string;
        route: string;
        last_user_id: string;
        environment: string;
      }>(
        await t.database.db.execute(
          sql`select platform, type, message, route, last_user_id, environment from error_reports`,
        ),
      );
    await expect.poll(rows, { timeout: 5000 }).toHaveLength(1);
    expect((await rows())[0]).toEqual({
      platform: 'server',
      type: 'Error',
      message: 'Summary exploded on purpose',
      route: '/api/v3/events/summary',
      last_user_id: admin.userId,
      environment: 'staging',
    });
  });
});
