import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../platform/config.ts';

/** One e-mail: both an HTML and a plain-text body, as every template renders them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where e-mail goes: the outbox folder by default, an SMTP server when SMTP_URL is set. */
export interface Mailer {
  /** Resolves once the message is stored or accepted by the server; rejects if it was not. */
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log (never a password). */
  readonly description: string;
  close(): Promise<void>;
}

/** The outbox file of one message (DATA_DIR/outbox/{id}.json), read back by the dev mail page. */
export interface OutboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO time the message was written. */
  created: string;
}

/** Ids sort by time (newest last), so a directory listing is already in order. */
function outboxId(now: Date) {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

/**
 * The embedded default: every message is written to DATA_DIR/outbox as {id}.json (read by the dev mail
 * page and the tests) and {id}.eml, the RFC 5322 message an SMTP server would have received (nodemailer
 * builds it), which any mail client opens.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox folder ${dir}`,
    async send(message) {
      await mkdir(dir, { recursive: true });
      const entry: OutboxEntry = { id: outboxId(new Date()), from, ...message, created: new Date().toISOString() };
      const info = await composer.sendMail({ from, ...message });
      await writeFile(path.join(dir, `${entry.id}.eml`), info.message as Buffer);
      // The .json last: the dev page lists .json files, so it never shows a half-written message.
      await writeFile(path.join(dir, `${entry.id}.json`), JSON.stringify(entry, null, 2));
    },
    async close() {
      composer.close();
    },
  };
}

/** Real delivery through an SMTP server (smtp:// or smtps:// URL, credentials in it). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  const where = new URL(url);
  return {
    description: `SMTP server ${where.hostname}${where.port ? `:${where.port}` : ''}`,
    async send(message) {
      const info = await transport.sendMail(message);
      if (info.rejected.length > 0) {
        throw new Error(`The SMTP server refused the recipient of "${message.subject}"`);
      }
    },
    async close() {
      transport.close();
    },
  };
}

export function outboxDir(config: Pick<Config, 'dataDir'>) {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(outboxDir(config), config.mailFrom);
}

/**
 * What the services use: `send` waits for delivery (a failure is the caller's to handle); `sendLater`
 * returns at once, logs a failure, and is awaited by `idle()` before the app closes. Password reset uses
 * `sendLater` so its answer takes the same time whether or not the address has an account.
 */
export interface MailService {
  send(message: MailMessage): Promise<void>;
  sendLater(message: () => Promise<MailMessage | null>): void;
  idle(): Promise<void>;
  readonly mailer: Mailer;
}

export function createMailService(mailer: Mailer, log: { error(obj: object, msg: string): void }): MailService {
  const pending = new Set<Promise<void>>();
  return {
    mailer,
    send: (message) => mailer.send(message),
    sendLater(build) {
      const job = (async () => {
        const message = await build();
        if (message) await mailer.send(message);
      })()
        .catch((err: unknown) => log.error({ err }, 'sending an e-mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
