import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../openapi/generated/auth.js';
import { conversionIssues, feedback, feedbackFiles, recordings } from '../db/schema.ts';
import { query, type Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { callerId } from '../identity/current-user.ts';
import { writeAudit } from './audit.ts';

/**
 * What users send (issue 18): conversion-issue reports (POST /api/recordings/{id}/conversion-issue) and
 * feedback (POST /api/v3/feedback), one queue for admins — reports from red users (t_level 1, "needs to be
 * checked") first, then newest first — with signed links to the files. A page is three statements
 * whatever its size: the queue, the conversions reported, the feedback with its attachments.
 */

type Report = components['schemas']['Report'];
type ReportKind = components['schemas']['ReportKind'];
type ReportStatus = components['schemas']['ReportStatus'];

interface QueueRow {
  kind: ReportKind;
  id: string;
  status: ReportStatus;
  description: string;
  created_at: Date | string;
  user_id: string | null;
  username: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  t_level: number | null;
  total: number | string;
}

interface QueueFilter {
  status?: ReportStatus;
  kind?: ReportKind;
  userId?: string;
  ids?: { kind: ReportKind; id: string };
}

function whereOf(f: QueueFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`q.status = ${f.status}`);
  if (f.kind) parts.push(sql`q.kind = ${f.kind}`);
  if (f.userId) parts.push(sql`q.user_id = ${f.userId}`);
  if (f.ids) parts.push(sql`q.kind = ${f.ids.kind} and q.id = ${f.ids.id}`);
  return sql.join(parts, sql` and `);
}

async function queue(db: Db, f: QueueFilter, limit: number, offset: number) {
  return query<QueueRow>(
    db,
    sql`
      with q as (
        select 'conversion_issue' as kind, ci.id, ci.status::text as status, ci.description, ci.created_at,
          ci.owner_id as user_id
        from conversion_issues ci
        union all
        select 'feedback', fb.id, fb.status::text, fb.description, fb.created_at, fb.user_id
        from feedback fb
      )
      select q.*, u.username, u.email, u.first_name, u.last_name, u.t_level, count(*) over () as total
      from q left join users u on u.id = q.user_id and u.deleted_at is null
      where ${whereOf(f)}
      order by coalesce(u.t_level = 1, false) desc, q.created_at desc, q.id desc
      limit ${limit} offset ${offset}`,
  );
}

const originals = alias(recordings, 'original');

/** The queue rows as the contract's reports, with the conversions and feedback they need (two statements). */
async function withDetails(app: FastifyInstance, rows: QueueRow[]): Promise<Report[]> {
  const { db, fileUrls } = app;
  const issueIds = rows.filter((r) => r.kind === 'conversion_issue').map((r) => r.id);
  const feedbackIds = rows.filter((r) => r.kind === 'feedback').map((r) => r.id);
  const [issues, fbs] = await Promise.all([
    issueIds.length
      ? db
          .select({ issueId: conversionIssues.id, conversion: recordings, original: originals })
          .from(conversionIssues)
          .innerJoin(recordings, eq(recordings.id, conversionIssues.recordingId))
          .innerJoin(originals, eq(originals.id, recordings.originalId))
          .where(inArray(conversionIssues.id, issueIds))
      : [],
    feedbackIds.length
      ? db
          .select({ fb: feedback, file: feedbackFiles })
          .from(feedback)
          .leftJoin(feedbackFiles, eq(feedbackFiles.feedbackId, feedback.id))
          .where(inArray(feedback.id, feedbackIds))
          .orderBy(feedbackFiles.storageKey)
      : [],
  ]);
  const link = (key: string | null, name: string | null) =>
    key ? fileUrls.url(key, name ? { name } : undefined) : null;
  const conversions = new Map(
    issues.map(({ issueId, conversion: c, original: o }) => [
      issueId,
      {
        id: c.id,
        original_id: o.id,
        project_id: c.projectId,
        parent_folder_id: c.parentFolderId,
        label: c.label,
        voice_name: c.voiceName,
        url: c.deletedAt ? null : link(c.storageKey, c.fileName),
        waveform_url: c.deletedAt ? null : link(c.waveformKey, null),
        duration: c.duration,
        original_url: o.deletedAt ? null : link(o.storageKey, o.fileName),
        original_waveform_url: o.deletedAt ? null : link(o.waveformKey, null),
        original_duration: o.duration,
        deleted: c.deletedAt !== null,
      },
    ]),
  );
  const feedbacks = new Map<string, NonNullable<Report['feedback']>>();
  for (const { fb, file } of fbs) {
    const entry = feedbacks.get(fb.id) ?? { type: fb.type, topic: fb.topic, name: fb.name, email: fb.email, files: [] };
    if (file) {
      entry.files.push({
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        url: fileUrls.url(file.storageKey, { name: file.fileName }),
      });
    }
    feedbacks.set(fb.id, entry);
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    description: r.description,
    created_at: new Date(r.created_at).toISOString(),
    user:
      r.user_id && r.username !== null
        ? {
            id: r.user_id,
            username: r.username,
            email: r.email!,
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
            t_level: Number(r.t_level ?? 0) as 0 | 1 | 2 | 3,
          }
        : null,
    conversion: r.kind === 'conversion_issue' ? (conversions.get(r.id) ?? null) : null,
    feedback: r.kind === 'feedback' ? (feedbacks.get(r.id) ?? null) : null,
  }));
}

/** GET /api/v3/reports */
export const listReports: Handler<'listReports'> = async (request) => {
  const { limit = 40, offset = 0, status, kind, user_id } = request.query;
  const rows = await queue(request.server.db, { status, kind, userId: user_id }, limit, offset);
  const total = Number(rows[0]?.total ?? 0);
  // Past the last page no row carries the total: count without paging.
  const counted =
    rows.length === 0 && offset > 0
      ? Number((await queue(request.server.db, { status, kind, userId: user_id }, 1, 0))[0]?.total ?? 0)
      : total;
  return { total: counted, offset, limit, items: await withDetails(request.server, rows) };
};

/** PATCH /api/v3/reports/{kind}/{id}: the new status, written with its audit entry in one transaction. */
export const setReportStatus: Handler<'setReportStatus'> = async (request) => {
  const { kind, id } = request.params;
  const status = request.body.status;
  const actorId = callerId(request);
  const table = kind === 'conversion_issue' ? conversionIssues : feedback;
  const found = await request.server.db.transaction(async (tx) => {
    const [before] =
      kind === 'conversion_issue'
        ? await tx
            .select({ status: conversionIssues.status, userId: conversionIssues.ownerId })
            .from(conversionIssues)
            .where(eq(conversionIssues.id, id))
            .for('update')
        : await tx
            .select({ status: feedback.status, userId: feedback.userId })
            .from(feedback)
            .where(eq(feedback.id, id))
            .for('update');
    if (!before) return false;
    if (before.status === status) return true;
    await tx
      .update(table)
      .set({ status })
      .where(and(eq(table.id, id)));
    await writeAudit(tx, {
      actorId,
      action: 'report.status',
      targetUserId: before.userId,
      subjectType: kind,
      subjectId: id,
      before: { status: before.status },
      after: { status },
    });
    return true;
  });
  if (!found) throw notFound('No such report.');
  const rows = await queue(request.server.db, { ids: { kind, id } }, 1, 0);
  const [report] = await withDetails(request.server, rows);
  if (!report) throw notFound('No such report.');
  return report;
};
