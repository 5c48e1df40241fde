import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { envelopeUrlOf } from './envelope.ts';

interface ErrorReport {
  platform: string;
  type: string | null;
  message: string;
  stack: string | null;
  route: string | null;
  release: string | null;
  environment: string | null;
  count: number;
  last_event_id: string | null;
}
interface ErrorReportPage {
  total: number;
  offset: number;
  limit: number;
  items: ErrorReport[];
}

let seq = 0;
/** An envelope as @sentry/react's tunnel sends it: header, item header, event (some items with a length). */
function envelope(event: Record<string, unknown>, more: string[] = []) {
  const eventId = (++seq).toString(16).padStart(32, '0');
  const payload = JSON.stringify({ event_id: eventId, platform: 'javascript', level: 'error', ...event });
  const header = JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: 'https://k@x.invalid/1' });
  return {
    eventId,
    body: [header, JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) }), payload, ...more].join('\n'),
  };
}

const thrown = (message: string, extra: Record<string, unknown> = {}) => ({
  exception: {
    values: [
      {
        type: 'Error',
        value: message,
        stacktrace: {
          frames: [
            { function: 'dispatch', filename: 'https://app/assets/vendor.js', lineno: 1, colno: 10, in_app: false },
            {
              function: 'DebugError',
              filename: 'https://app/assets/debug-error.js',
              lineno: 12,
              colno: 7,
              in_app: true,
            },
          ],
        },
      },
    ],
  },
  tags: { route: '/debug/error' },
  release: 'timbre@test',
  environment: 'staging',
  ...extra,
});

describe('the error-reporting tunnel (POST /api/monitoring) and the admins’ list', () => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  let sentry: Server;
  let received: { url: string; body: string; type: string }[] = [];
  let upstreamStatus = 200;

  const post = (body: string, type = 'text/plain;charset=UTF-8') =>
    t.request({ method: 'POST', url: '/api/monitoring', headers: { 'content-type': type }, payload: body });
  const list = (who: SignedIn, query = '') =>
    t.request({ method: 'GET', url: `/api/v3/admin/errors${query}`, headers: { cookie: who.cookie } });
  const stored = async () =>
    rowsOf<{ message: string; count: number; last_user_id: string | null }>(
      await t.database.db.execute(sql`select message, count, last_user_id from error_reports order by message`),
    );

  beforeAll(async () => {
    // A stand-in for Sentry's envelope endpoint, to see what is forwarded.
    sentry = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          url: req.url!,
          body: Buffer.concat(chunks).toString('utf8'),
          type: req.headers['content-type']!,
        });
        res.writeHead(upstreamStatus).end();
      });
    });
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    const port = (sentry.address() as AddressInfo).port;
    t = await createTestApp({
      worker: { enabled: false },
      env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42`, RATE_LIMIT_MONITORING: '30/60' },
    });
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
    user = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => sentry.close(resolve));
  });

  it('derives Sentry’s envelope URL from a DSN', () => {
    expect(envelopeUrlOf('https://abc@o1.ingest.sentry.io/4501')).toBe(
      'https://o1.ingest.sentry.io/api/4501/envelope/',
    );
    expect(envelopeUrlOf('https://abc@sentry.example.com/prefix/7')).toBe(
      'https://sentry.example.com/prefix/api/7/envelope/',
    );
    expect(() => envelopeUrlOf('https://sentry.example.com/7')).toThrow();
  });

  it('stores a thrown error with its type, stack, route, release and environment; a repeat counts', async () => {
    const first = envelope(
      thrown('Debug route threw on purpose', { user: { id: user.userId, email: user.email, ip_address: '1.2.3.4' } }),
    );
    const res = await post(first.body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: first.eventId, stored: 1 });
    const again = envelope(thrown('Debug route threw on purpose'));
    expect((await post(again.body, 'application/x-sentry-envelope')).statusCode).toBe(200);

    const page = (await list(admin)).json<ErrorReportPage>();
    const report = page.items.find((r) => r.message === 'Debug route threw on purpose');
    expect(report).toMatchObject({
      platform: 'browser',
      type: 'Error',
      route: '/debug/error',
      release: 'timbre@test',
      environment: 'staging',
      count: 2,
      last_event_id: again.eventId,
    });
    // Innermost frame first.
    expect(report!.stack!.split('\n')).toEqual([
      'at DebugError (https://app/assets/debug-error.js:12:7)',
      'at dispatch (https://app/assets/vendor.js:1:10)',
    ]);
    // The user is kept by id; nothing of the e-mail or address is stored anywhere in the row.
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select * from error_reports where message = 'Debug route threw on purpose'`),
    );
    expect(row!.last_user_id).toBe(user.userId);
    expect(JSON.stringify(row)).not.toContain(user.email);
    expect(JSON.stringify(row)).not.toContain('1.2.3.4');
  });

  it('groups by release: the same error in another release is its own row', async () => {
    await post(envelope(thrown('Release-bound error', { release: 'timbre@1' })).body);
    await post(envelope(thrown('Release-bound error', { release: 'timbre@2' })).body);
    expect((await stored()).filter((r) => r.message === 'Release-bound error').map((r) => r.count)).toEqual([1, 1]);
  });

  it('ignores "Failed to fetch" and drops transactions, sessions and client reports', async () => {
    const before = await stored();
    const failed = envelope({
      exception: { values: [{ type: 'TypeError', value: 'Failed to fetch (api.example.com)' }] },
    });
    expect((await post(failed.body)).json()).toEqual({ id: failed.eventId, stored: 0 });
    const header = JSON.stringify({ sent_at: new Date().toISOString() });
    const others = [
      header,
      JSON.stringify({ type: 'transaction' }),
      JSON.stringify({ type: 'transaction', transaction: '/projects', spans: [] }),
      JSON.stringify({ type: 'session' }),
      JSON.stringify({ sid: 'x', status: 'ok' }),
      JSON.stringify({ type: 'client_report' }),
      JSON.stringify({ discarded_events: [] }),
    ].join('\n');
    expect((await post(others)).json()).toEqual({ id: null, stored: 0 });
    expect(await stored()).toEqual(before);
  });

  it('refuses what is not an envelope with 400 and stores nothing of it', async () => {
    const before = await stored();
    const good = envelope(thrown('Half of a broken envelope'));
    for (const body of [
      'hello',
      '',
      JSON.stringify({ event_id: 'a' }),
      `${good.body}\n${JSON.stringify({ type: 'event' })}\n{not json`,
      `{}\n${JSON.stringify({ type: 'event', length: 10_000 })}\n{}`,
      `{}\n${JSON.stringify({ length: 2 })}\n{}`,
    ]) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(body === '' ? 400 : 400);
      expect(res.json<{ detail: string }>().detail).toMatch(/envelope|body/i);
    }
    expect(await stored()).toEqual(before);
  });

  it('forwards the envelope unchanged to Sentry with SENTRY_DSN, and keeps the local copy when Sentry fails', async () => {
    received = [];
    const sent = envelope(thrown('Forwarded error'));
    await post(sent.body);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ url: '/api/42/envelope/', body: sent.body, type: 'application/x-sentry-envelope' });

    upstreamStatus = 503;
    const lost = envelope(thrown('Sentry is down'));
    expect((await post(lost.body)).statusCode).toBe(200);
    await expect.poll(() => received.length).toBe(2);
    expect((await stored()).find((r) => r.message === 'Sentry is down')?.count).toBe(1);
    upstreamStatus = 200;
  });

  it('lists newest first, in pages, for admins only', async () => {
    await post(envelope(thrown('The newest error')).body);
    const first = (await list(admin, '?limit=1')).json<ErrorReportPage>();
    expect(first.limit).toBe(1);
    expect(first.items.map((r) => r.message)).toEqual(['The newest error']);
    expect(first.total).toBeGreaterThanOrEqual(5);
    const second = (await list(admin, '?limit=1&offset=1')).json<ErrorReportPage>();
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.message).not.toBe('The newest error');
    expect((await list(user)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v3/admin/errors' })).statusCode).toBe(401);
  });

  it('refuses a body over 1 MiB and limits envelopes per client address', async () => {
    const huge = envelope(thrown('x'.repeat(1024 * 1024))).body;
    expect((await post(huge)).statusCode).toBe(413);
    let status = 200;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await post(envelope(thrown('Rate-limited error')).body)).statusCode;
    expect(status).toBe(429);
  });
});
