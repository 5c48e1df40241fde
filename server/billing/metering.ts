import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creditLedger, meteredUsage, subscriptions } from '../db/schema.ts';
import { enqueueJob, PermanentJobError } from '../jobs/index.ts';
import type { Db } from '../platform/db.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Per Minute (metered) usage. A conversion of a Per Minute user needs no balance: its seconds are charged
 * to the ledger as conversion:metered and written to metered_usage, and the `billing.meter` job reports
 * them to the payment provider after the order commits (Stripe: a meter event whose identifier is the
 * row's id, so a retried report is counted once). A conversion that fails is refunded: the ledger gets
 * its seconds back and the provider's report is cancelled (or never sent).
 */

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'billing.meter': { id: string };
  }
}

export const METER_JOB = 'billing.meter';
export const METERED_CHARGE = 'conversion:metered';
const METERED_REFUND = `refund:${METERED_CHARGE}`;

/** Net metered seconds (charges less refunds) since `since` (the period's start; all time without one). */
export async function meteredSecondsSince(db: Db, userId: string, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`coalesce(-sum(${creditLedger.deltaSeconds}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        inArray(creditLedger.reason, [METERED_CHARGE, METERED_REFUND]),
        since ? sql`${creditLedger.createdAt} >= ${since.toISOString()}::timestamptz` : undefined,
      ),
    );
  return Math.max(0, Number(row?.net ?? 0));
}

/**
 * Charges conversions to a Per Minute plan in the caller's transaction: whole seconds (rounded up) per
 * conversion in the ledger and metered_usage, and a report job each. A conversion charged again (a retry
 * after a failure) gets a new identifier, since the provider keeps identifiers unique for a day.
 */
export async function chargeMetered(
  tx: Db,
  userId: string,
  conversions: { recordingId: string; seconds: number }[],
): Promise<void> {
  for (const { recordingId, seconds } of conversions) {
    const whole = Math.ceil(seconds);
    if (whole <= 0) continue;
    const [before] = await tx
      .select({ n: count() })
      .from(meteredUsage)
      .where(eq(meteredUsage.recordingId, recordingId));
    const n = Number(before?.n ?? 0);
    const id = n === 0 ? recordingId : `${recordingId}.${n}`;
    await tx.insert(creditLedger).values({ userId, recordingId, deltaSeconds: -whole, reason: METERED_CHARGE });
    await tx.insert(meteredUsage).values({ id, userId, recordingId, seconds: whole });
    await enqueueJob(tx, METER_JOB, { id }, { userId, dedupeKey: `meter:${id}:report`, maxAttempts: 8 });
  }
}

/**
 * Gives back a conversion's metered seconds (it failed, or was cancelled), once: the ledger's refund row
 * and the usage marked refunded, whose report the job then cancels. Answers the seconds given back.
 */
export async function refundMetered(tx: Db, recordingId: string, seconds: number, userId: string): Promise<number> {
  if (seconds <= 0) return 0;
  await tx.insert(creditLedger).values({ userId, recordingId, deltaSeconds: seconds, reason: METERED_REFUND });
  const refunded = await tx
    .update(meteredUsage)
    .set({ refundedAt: sql`now()` })
    .where(and(eq(meteredUsage.recordingId, recordingId), isNull(meteredUsage.refundedAt)))
    .returning({ id: meteredUsage.id });
  for (const { id } of refunded) {
    await enqueueJob(tx, METER_JOB, { id }, { userId, dedupeKey: `meter:${id}:refund`, maxAttempts: 8 });
  }
  return seconds;
}

/**
 * Brings the provider in line with one usage row: reported unless refunded first; its report cancelled
 * when it was refunded after being reported. Safe to run any number of times and in any order: the
 * report is idempotent at the provider (the identifier), and the cancellation is claimed by one run.
 */
export async function syncMeteredUsage(db: Db, provider: PaymentProvider, id: string): Promise<void> {
  const read = async () => (await db.select().from(meteredUsage).where(eq(meteredUsage.id, id)))[0];
  let row = await read();
  if (!row) return;
  if (!row.refundedAt && !row.reportedAt) {
    const [sub] = await db
      .select({ customerId: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, row.userId));
    await provider.reportUsage({
      identifier: row.id,
      customerId: sub?.customerId ?? null,
      seconds: row.seconds,
      at: row.createdAt,
    });
    await db
      .update(meteredUsage)
      .set({ reportedAt: sql`now()` })
      .where(eq(meteredUsage.id, id));
    // Refunded while it was being reported: cancelled below.
    row = await read();
    if (!row) return;
  }
  if (row.refundedAt && row.reportedAt && !row.cancelledAt) {
    const [claimed] = await db
      .update(meteredUsage)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(meteredUsage.id, id), isNull(meteredUsage.cancelledAt)))
      .returning({ id: meteredUsage.id });
    if (!claimed) return;
    try {
      await provider.cancelUsage({ identifier: id });
    } catch (err) {
      await db.update(meteredUsage).set({ cancelledAt: null }).where(eq(meteredUsage.id, id));
      throw err;
    }
  }
}

/** Registers the `billing.meter` job: retried with backoff, and logged as an error if it fails for good. */
export function registerMeterJob(app: FastifyInstance, provider: PaymentProvider) {
  app.jobs.register<'billing.meter'>(
    METER_JOB,
    async (job) => {
      try {
        await syncMeteredUsage(app.db, provider, job.payload.id);
      } catch (err) {
        if (err instanceof UsageRefused) throw new PermanentJobError(err.message);
        throw err;
      }
    },
    {
      onFailed: async (failed) => {
        app.log.error(
          { usage: failed.payload.id, error: failed.error },
          'Per Minute usage could not be reported to the payment provider',
        );
      },
    },
  );
}

/** The provider refuses the report for good (no customer to bill): retrying cannot help. */
export class UsageRefused extends Error {}
