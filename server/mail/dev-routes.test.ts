import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import type { DevMail } from './dev-routes.ts';
import { linksOf } from './dev-routes.ts';
import { resetPasswordMessage, verifyEmailMessage } from './templates.ts';

describe('the development mail pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.mail.send(
      verifyEmailMessage({ to: 'ada@example.test', firstName: 'Ada', link: 'http://localhost:8080/verify/email/u/t1' }),
    );
    await t.app.mail.send(
      resetPasswordMessage({
        to: 'bob@example.test',
        firstName: '<b>Bob</b>',
        link: 'http://localhost:8080/change-password/t2',
      }),
    );
  });
  afterAll(() => t.close());

  it('lists every message as JSON, newest first, with the links it carries', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    const mails = res.json() as DevMail[];
    expect(mails.map((m) => m.to)).toEqual(['bob@example.test', 'ada@example.test']);
    expect(mails[0]).toEqual({
      id: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/),
      to: 'bob@example.test',
      subject: 'Reset your Timbre password',
      text: expect.stringContaining('http://localhost:8080/change-password/t2'),
      html: expect.stringContaining('&lt;b&gt;Bob&lt;/b&gt;'),
      links: ['http://localhost:8080/change-password/t2'],
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('shows the outbox as an accessible page: language, title, landmarks, a heading and one link per message', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Outbox · Timbre development</title>');
    expect(html).toMatch(/<header>[\s\S]*<nav aria-label="Development">/);
    expect(html).toMatch(/<main>\s*<h1>Outbox<\/h1>/);
    expect(html).toContain('2 messages, newest first.');
    const order = [...html.matchAll(/<a href="\/dev\/mail\/([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2]);
    expect(order).toEqual(['Reset your Timbre password', 'Confirm your e-mail address for Timbre']);
  });

  it('shows one message with working links, its HTML in a titled sandboxed frame and its text', async () => {
    const [mail] = (await t.request({ method: 'GET', url: '/dev/mail.json' })).json() as DevMail[];
    const res = await t.request({ method: 'GET', url: `/dev/mail/${mail!.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Reset your Timbre password · Timbre development</title>');
    expect(html).toContain('<h1>Reset your Timbre password</h1>');
    expect(html).toContain('<a href="http://localhost:8080/change-password/t2">');
    expect(html).toMatch(/<iframe title="HTML version of the message" sandbox="[^"]*"/);
    expect(html).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(html).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(html).toMatch(/<h2 id="text">Text version<\/h2><pre>[\s\S]*Choose a new password/);
    // The user's name stays text, escaped twice over inside the frame's srcdoc.
    expect(html).not.toContain('<b>Bob</b>');
    expect(linksOf(html)).toContain('/dev/mail');
  });

  it('answers 404 for a message that does not exist and for a malformed id', async () => {
    const missing = await t.request({ method: 'GET', url: '/dev/mail/20990101T000000000Z-00000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Message not found</h1>');
    const traversal = await t.request({ method: 'GET', url: '/dev/mail/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const production = await buildApp({
      config: { ...t.app.config, env: 'production' },
      database: t.database,
      logger: false,
    });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await production.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: `Not found: GET ${url}` });
      }
      expect(production.startup.devMailUrl).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});
