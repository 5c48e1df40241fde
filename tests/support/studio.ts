import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { sineWav } from './audio.ts';
import { signIn, type SignedIn, type TestApp } from './test-app.ts';

/** Gives a user a subscription in the given state (the billing service's table; 'active' is a paid plan). */
export async function subscribe(t: TestApp, userId: string, status: 'active' | 'trialing' | null, trialUsed = false) {
  await t.database.db.execute(sql`
    insert into subscriptions (user_id, status, trial, trial_used)
    values (${userId}, ${status}, ${status === 'trialing'}, ${trialUsed || status === 'trialing'})
    on conflict (user_id) do update set status = excluded.status, trial = excluded.trial, trial_used = excluded.trial_used`);
}

/** A signed-in user on a paid plan. */
export async function paidUser(t: TestApp): Promise<SignedIn> {
  const user = await signIn(t);
  await subscribe(t, user.userId, 'active');
  return user;
}

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

const BOUNDARY = `----timbre-test-${randomUUID()}`;
const partHead = (part: FormPart) =>
  'filename' in part
    ? `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
      `content-type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`
    : `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n`;

/** A multipart/form-data body, the way a browser's FormData sends it. */
export function form(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(partHead(part)),
      'filename' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/**
 * A multipart body whose one file is generated while it is sent (nothing of it is ever held whole):
 * `fields` first, then the file named `filename` made of `chunks`.
 */
export function streamingForm(
  fields: Record<string, string>,
  filename: string,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): { payload: Readable; headers: Record<string, string> } {
  async function* body() {
    for (const [name, value] of Object.entries(fields)) yield Buffer.from(partHead({ name, value }) + value + '\r\n');
    yield Buffer.from(partHead({ name: 'data', filename, data: Buffer.alloc(0), contentType: 'audio/wav' }));
    for await (const chunk of chunks) yield chunk;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

export async function newProject(t: TestApp, user: SignedIn, name = 'My podcast') {
  const res = await t.request({ method: 'POST', url: '/api/projects', headers: user.headers, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`createProject ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; slug: string; url: string; name: string };
}

export async function newFolder(t: TestApp, user: SignedIn, projectId: string, name = 'Takes', parentId?: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/folders',
    headers: user.headers,
    payload: { project_id: projectId, name, ...(parentId ? { parent_id: parentId } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`createFolder ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; name: string };
}

export interface UploadFile {
  filename: string;
  data: Buffer;
}

/** POST /api/recordings with the fields first and then the files. */
export function upload(
  t: TestApp,
  user: SignedIn,
  target: { projectId: string; folderId: string; microphone?: string },
  files: UploadFile[],
): Promise<LightMyRequestResponse> {
  const body = form([
    { name: 'project_id', value: target.projectId },
    { name: 'parent_folder_id', value: target.folderId },
    ...(target.microphone ? [{ name: 'microphone', value: target.microphone }] : []),
    ...files.map((f) => ({ name: 'data', filename: f.filename, data: f.data })),
  ]);
  return t.request({
    method: 'POST',
    url: '/api/recordings',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Every file and directory under dir, relative, sorted (to show that a failed request left nothing). */
export async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

export async function countRows(t: TestApp, table: 'recordings' | 'files' | 'projects' | 'folders' | 'notes') {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A conversion of an original as the conversion engine writes one: finished unless `state` says processing. */
export async function addConversion(
  t: TestApp,
  original: { id: string; project_id: string; parent_folder_id: string },
  ownerId: string,
  options: { voice?: string; semitones?: number; starred?: boolean; data?: Buffer; state?: 'done' | 'processing' } = {},
) {
  const id = randomUUID();
  const key = `recordings/${id}/audio.wav`;
  const data = options.data ?? sineWav({ seconds: 0.3, frequency: 660 });
  await t.app.storage.put(key, data);
  await t.database.db.execute(sql`
    insert into recordings (id, owner_id, project_id, parent_folder_id, type, original_id, state, storage_key,
      file_name, label, voice_name, semitones_correction, starred, size, duration, params)
    values (${id}, ${ownerId}, ${original.project_id}, ${original.parent_folder_id}, 'conversion', ${original.id}, ${options.state ?? 'done'},
      ${key}, 'conversion.wav', 'Conversion', ${options.voice ?? 'Ava'}, ${options.semitones ?? 0}, ${options.starred ?? false},
      ${data.length}, 0.3,
      ${JSON.stringify({ semitones: options.semitones ?? 0, accent_id: null, narration_style_id: 'BASIC', denoise: false, normalize: false, denormalize: false, emotional_scale: 1 })}::jsonb)`);
  await t.database.db.execute(
    sql`update recordings set conversions_count = conversions_count + 1 where id = ${original.id}`,
  );
  return { id, key, data };
}
