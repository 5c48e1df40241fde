import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, createMailService, outboxMailer, smtpMailer, type OutboxEntry } from './mailer.ts';
import { escapeHtml, resetPasswordMessage, verifyEmailMessage } from './templates.ts';

const FROM = 'Timbre <no-reply@timbre.local>';
const message = verifyEmailMessage({
  to: 'ada@example.test',
  firstName: 'Ada',
  link: 'http://localhost:8080/verify/email/2b1c7f9e-0000-4000-8000-000000000000/tok_en-1',
});

describe('mail templates', () => {
  it('escape what the user typed and carry the link in both parts', () => {
    const m = resetPasswordMessage({
      to: 'x@example.test',
      firstName: `<img src=x onerror="alert(1)">&'`,
      link: 'http://localhost:8080/change-password/abc?x=1&y="2"',
    });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;,');
    expect(m.html).toContain('href="http://localhost:8080/change-password/abc?x=1&amp;y=&quot;2&quot;"');
    expect(m.text).toContain('Choose a new password: http://localhost:8080/change-password/abc?x=1&y="2"');
    expect(m.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(m.subject).toBe('Reset your Timbre password');
    expect(escapeHtml(`a<b>"c"&'d'`)).toBe('a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;');
  });

  it('say how long each link lasts', () => {
    expect(message.text).toContain('7 days');
    expect(resetPasswordMessage({ to: 'x@example.test', firstName: '', link: 'http://h/x' }).text).toMatch(
      /^Hi,\n[\s\S]*1 hour/,
    );
  });
});

describe('the outbox (embedded default)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes each message as .json (html, text, subject, to, created) and as an .eml a mail client opens', async () => {
    const mailer = outboxMailer(dir, FROM);
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bob@example.test' });
    await mailer.close();
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(4);
    const json = files.filter((f) => f.endsWith('.json'));
    expect(json[0]! < json[1]!).toBe(true);
    const entry = JSON.parse(await readFile(path.join(dir, json[0]!), 'utf8')) as OutboxEntry;
    expect(entry).toEqual({
      id: json[0]!.slice(0, -5),
      from: FROM,
      to: 'ada@example.test',
      subject: message.subject,
      text: message.text,
      html: message.html,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const eml = await readFile(path.join(dir, `${entry.id}.eml`), 'utf8');
    expect(eml).toContain('From: Timbre <no-reply@timbre.local>');
    expect(eml).toContain('To: ada@example.test');
    expect(eml).toContain(`Subject: ${message.subject}`);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
  });

  it('is what an unconfigured server uses; SMTP_URL switches to SMTP without showing its password', () => {
    expect(createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: '/srv/data' }).description).toBe(
      `outbox folder ${path.join('/srv/data', 'outbox')}`,
    );
    const smtp = createMailer({ smtpUrl: 'smtps://user:s3cret@mail.example.com:465', mailFrom: FROM, dataDir: '/x' });
    expect(smtp.description).toBe('SMTP server mail.example.com:465');
    expect(smtp.description).not.toContain('s3cret');
    void smtp.close();
  });
});

interface Received {
  from: string | undefined;
  to: string[];
  user: unknown;
  raw: string;
}

describe('SMTP delivery through nodemailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'timbre' && auth.password === 'mail-pass') callback(null, { user: 'timbre' });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@blocked.test')) callback(new Error('Mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            from: from ? from.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers to the SMTP server, signed in with the credentials of SMTP_URL, from MAIL_FROM', async () => {
    const mailer = smtpMailer(`smtp://timbre:mail-pass@127.0.0.1:${port}`, FROM);
    await mailer.send(message);
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@timbre.local', to: ['ada@example.test'], user: 'timbre' });
    expect(received[0]!.raw).toContain(`Subject: ${message.subject}`);
    expect(received[0]!.raw).toContain('From: Timbre <no-reply@timbre.local>');
    expect(received[0]!.raw).toMatch(/multipart\/alternative/);
  });

  it('fails the send when the server refuses the recipient or the login', async () => {
    const mailer = smtpMailer(`smtp://timbre:mail-pass@127.0.0.1:${port}`, FROM);
    await expect(mailer.send({ ...message, to: 'nobody@blocked.test' })).rejects.toThrow();
    await mailer.close();
    const wrong = smtpMailer(`smtp://timbre:wrong@127.0.0.1:${port}`, FROM);
    await expect(wrong.send(message)).rejects.toThrow(/Invalid username or password|auth/i);
    await wrong.close();
    expect(received).toHaveLength(0);
  });

  it('sends later without failing the caller, logs a failure and is drained by idle()', async () => {
    const errors: string[] = [];
    const mail = createMailService(smtpMailer(`smtp://timbre:mail-pass@127.0.0.1:${port}`, FROM), {
      error: (_obj, msg) => errors.push(msg),
    });
    mail.sendLater(async () => message);
    mail.sendLater(async () => ({ ...message, to: 'nobody@blocked.test' }));
    mail.sendLater(async () => null);
    await mail.idle();
    await mail.mailer.close();
    expect(received.map((r) => r.to)).toEqual([['ada@example.test']]);
    expect(errors).toEqual(['sending an e-mail failed']);
  });
});
