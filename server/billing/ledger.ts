import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { creditLedger, recordings } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { Handler } from '../platform/handlers.ts';
import { contentDisposition } from '../storage/http.ts';
import { callerId } from '../identity/current-user.ts';

/**
 * The credit ledger as the user reads it: every grant, charge and refund of their minutes, credits and
 * characters, newest first, with the recording it belongs to (its label only while it is live and still
 * theirs). The owner scopes every query here, not in the route.
 */

type Entry = components['schemas']['CreditLedgerEntry'];

const DEFAULT_LIMIT = 40;
export const LEDGER_CSV_NAME = 'timbre-credit-ledger.csv';

function selectEntries(db: Db, ownerId: string) {
  return db
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      reason: creditLedger.reason,
      deltaSeconds: creditLedger.deltaSeconds,
      deltaChars: creditLedger.deltaChars,
      recordingId: creditLedger.recordingId,
      label: recordings.label,
    })
    .from(creditLedger)
    .leftJoin(
      recordings,
      and(
        eq(recordings.id, creditLedger.recordingId),
        eq(recordings.ownerId, creditLedger.userId),
        isNull(recordings.deletedAt),
      ),
    )
    .where(eq(creditLedger.userId, ownerId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectEntries>>[number];

const toEntry = (row: Row): Entry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  reason: row.reason,
  delta_seconds: row.deltaSeconds,
  delta_chars: row.deltaChars,
  recording_id: row.recordingId,
  recording_label: row.label ?? null,
});

/** One page of the owner's ledger, newest first. */
export async function listLedger(db: Db, ownerId: string, page: { limit?: number; offset?: number }) {
  const limit = page.limit ?? DEFAULT_LIMIT;
  const offset = page.offset ?? 0;
  const [rows, [total]] = await Promise.all([
    selectEntries(db, ownerId).limit(limit).offset(offset),
    db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, ownerId)),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items: rows.map(toEntry) };
}

/** The owner's whole ledger, newest first. */
export async function allLedgerEntries(db: Db, ownerId: string): Promise<Entry[]> {
  return (await selectEntries(db, ownerId)).map(toEntry);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text cell a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return) is prefixed with an
 * apostrophe; plain numbers (a negative charge, -120) stay numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const LEDGER_CSV_HEADER = ['date', 'reason', 'seconds', 'characters', 'recording_id', 'recording'];

/** The ledger as CSV: a header line, then one line per entry, CRLF line ends. */
export function ledgerCsv(entries: Entry[]): string {
  const lines = [LEDGER_CSV_HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [e.created_at, e.reason, e.delta_seconds, e.delta_chars, e.recording_id, e.recording_label]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** GET /api/v3/credits/ledger */
export const listCreditLedger: Handler<'listCreditLedger'> = async (request) =>
  listLedger(request.server.db, callerId(request), request.query);

/** GET /api/v3/credits/ledger/export: the whole ledger as a CSV attachment. */
export const exportCreditLedger: Handler<'exportCreditLedger'> = async (request, reply) => {
  const csv = ledgerCsv(await allLedgerEntries(request.server.db, callerId(request)));
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', LEDGER_CSV_NAME))
    .header('cache-control', 'no-store')
    .send(csv);
};
