import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users, type JsonValue } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { Handler } from '../platform/handlers.ts';

/**
 * The audit log (issue 18): every change an admin makes is one row, written in the transaction that makes
 * the change (so a change without its entry, or an entry without its change, cannot be), and read back
 * through GET /api/v3/audit.
 */

export type AuditAction = 'user.trust_level' | 'user.custom_plan' | 'report.status' | 'flag.save' | 'flag.delete';

export interface AuditWrite {
  actorId: string;
  action: AuditAction;
  targetUserId: string | null;
  subjectType: 'user' | 'conversion_issue' | 'feedback' | 'feature_flag';
  subjectId: string;
  before: JsonValue;
  after: JsonValue;
}

/** The one place an audit entry is written; `db` is the change's own transaction. */
export async function writeAudit(db: Db, entry: AuditWrite) {
  await db.insert(auditLog).values(entry);
}

const actors = alias(users, 'actor');

/** GET /api/v3/audit: newest first, optionally only the entries about one user. */
export const listAuditEntries: Handler<'listAuditEntries'> = async (request) => {
  const { db } = request.server;
  const { limit = 40, offset = 0, user_id } = request.query;
  const where: SQL | undefined = user_id ? eq(auditLog.targetUserId, user_id) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: {
          id: actors.id,
          username: actors.username,
          email: actors.email,
          first_name: actors.firstName,
          last_name: actors.lastName,
        },
      })
      .from(auditLog)
      .leftJoin(actors, and(eq(actors.id, auditLog.actorId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    offset,
    limit,
    items: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor?.id ? actor : null,
      action: entry.action,
      target_user_id: entry.targetUserId,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
  };
};
