import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OutboxEntry } from './mailer.ts';
import { escapeHtml } from './templates.ts';

/** A message as GET /dev/mail.json lists it (the e2e tests follow its links). */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

const ID = /^[0-9TZ]+-[0-9a-f]{8}$/;

/** Every href of an HTML body, decoded, in order and without repeats. */
export function linksOf(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
  return [...new Set(links)];
}

async function readEntry(dir: string, id: string): Promise<DevMail> {
  const entry = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as OutboxEntry;
  return {
    id,
    to: entry.to,
    subject: entry.subject,
    text: entry.text,
    html: entry.html,
    links: linksOf(entry.html),
    created_at: entry.created,
  };
}

/** One outbox message, or null when there is none with this id. */
export async function readOutboxMessage(dir: string, id: string): Promise<DevMail | null> {
  if (!ID.test(id)) return null;
  try {
    return await readEntry(dir, id);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The outbox's messages, newest first. */
export async function readOutbox(dir: string): Promise<DevMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => ID.test(id))
    .sort()
    .reverse();
  return Promise.all(ids.map((id) => readEntry(dir, id)));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Timbre development</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d22; background: #fafafb; line-height: 1.5; }
  header, main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; }
  header { border-bottom: 1px solid #d4d4dc; }
  a { color: #3b1fc2; }
  a:focus-visible { outline: 3px solid #3b1fc2; outline-offset: 2px; }
  ol { padding-left: 1.25rem; }
  li { margin: 0.5rem 0; }
  .meta { color: #4a4a55; font-size: 0.9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  iframe { width: 100%; height: 32rem; border: 1px solid #d4d4dc; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border: 1px solid #d4d4dc; padding: 1rem; }
</style>
</head>
<body>
<header><nav aria-label="Development"><a href="/dev/mail">Outbox</a> · <a href="/dev/mail.json">JSON</a> · <a href="/">Timbre</a></nav></header>
<main>
${body}
</main>
</body>
</html>
`;
}

const when = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;

/**
 * GET /dev/mail (the outbox, newest first), /dev/mail/{id} (one message with working links) and
 * /dev/mail.json (for tests and e2e). Development only: app.ts registers them unless NODE_ENV=production.
 */
export async function registerDevMail(app: FastifyInstance, dir: string, delivery: string) {
  app.get('/dev/mail.json', async () => readOutbox(dir));

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await readOutbox(dir);
    const smtp = delivery.startsWith('SMTP')
      ? `<p>Mail is delivered by the ${escapeHtml(delivery)}; only messages written to the outbox are listed.</p>`
      : '';
    const list = mails.length
      ? `<ol>${mails
          .map(
            (m) =>
              `<li><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a><br><span class="meta">to ${escapeHtml(m.to)}, ${when(m.created_at)}</span></li>`,
          )
          .join('\n')}</ol>`
      : '<p>No messages yet. Sign up or ask for a password reset and the e-mail appears here.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Outbox',
          `<h1>Outbox</h1>\n${smtp}<p>${mails.length} ${mails.length === 1 ? 'message' : 'messages'}, newest first.</p>\n${list}`,
        ),
      );
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
    const { id } = request.params;
    const mail = await readOutboxMessage(dir, id);
    if (!mail) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Message not found', '<h1>Message not found</h1><p><a href="/dev/mail">Back to the outbox</a></p>'));
    }
    // The HTML part is shown in a sandboxed frame (no scripts); its links open in this tab.
    const framed = mail.html.replace(/<head>/i, '<head><base target="_top">');
    const links = mail.links.length
      ? `<ul>${mail.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>`
      : '<p>This message has no links.</p>';
    const body = `<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Written</dt><dd>${when(mail.created_at)}</dd></dl>
<section aria-labelledby="links"><h2 id="links">Links</h2>${links}</section>
<section aria-labelledby="html"><h2 id="html">HTML version</h2>
<iframe title="HTML version of the message" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(framed)}"></iframe></section>
<section aria-labelledby="text"><h2 id="text">Text version</h2><pre>${escapeHtml(mail.text)}</pre></section>
<p><a href="/dev/mail">Back to the outbox</a></p>`;
    return reply.type('text/html; charset=utf-8').send(page(mail.subject, body));
  });
}
