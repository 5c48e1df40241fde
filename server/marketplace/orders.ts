import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  calibrations,
  conversionIssues,
  creditLedger,
  narrationStyles,
  orders,
  recordings,
  voiceAccents,
  voiceNarrationStyles,
  voices,
  type Recording,
  type UserData,
} from '../db/schema.ts';
import { users } from '../db/schema.ts';
import { chargeMetered, METERED_CHARGE, refundMetered } from '../billing/metering.ts';
import { callerOf, voiceAvailable, type Caller } from '../models/access.ts';
import { query, type Db } from '../platform/db.ts';
import { HttpError, notFound } from '../platform/errors.ts';
import { conversionFileName } from './names.ts';
import { pageOfRecordings } from './recordings.ts';
import { DEFAULT_PAGE_SIZE, unprocessable, type Page, type Schemas } from './shared.ts';

/** openapi/marketplace.yaml CreateOrderRequest: 1..20 conversions per order. */
export const MAX_CONVERSIONS_PER_ORDER = 20;
/** The narration style every voice has and the default of an order. */
export const DEFAULT_NARRATION_STYLE = 'BASIC';

type OrderRequest = Schemas['CreateOrderRequest'];
type UpgradeReason = Schemas['UpgradeReason'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC.md section 8's upgrade reasons, as a 402 the client turns into the upgrade-plan modal. */
export function upgradeRequired(reason: UpgradeReason, detail: string): HttpError {
  return new HttpError(402, detail, { reason });
}

/** One requested conversion, checked: its voice, accent, style, shift and price. */
export interface ResolvedConversion {
  voice: typeof voices.$inferSelect;
  accent: { id: string; name: string; isDefault: boolean };
  style: { id: string; name: string };
  semitones: number;
  /** Seconds of the user's balance it costs: the original's length × the voice's cost multiplier. */
  costSeconds: number;
}

/** The caller's original for an order: 404 unless theirs and live; 409 unless an original that is done. */
export async function orderableOriginal(db: Db, ownerId: string, id: string): Promise<Recording> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId), isNull(recordings.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Original not found');
  if (row.type !== 'original') throw new HttpError(409, 'Only an original can be converted, not a conversion');
  if (row.state !== 'done' || !row.storageKey) throw new HttpError(409, 'The original is not ready yet');
  return row;
}

/**
 * On the trial (or without a paid plan) and on Pay As You Go credits only a voice's default accent is
 * included (SPEC.md section 6).
 */
const accentsLimited = (caller: Caller) => (!caller.admin && !caller.prepaid && !caller.paid) || caller.perCredit;

/**
 * The upgrade prompt for a balance too short: a plan's minutes ran out (the trial's, Creator, Power, TTS
 * Only, Per Minute, Custom) — "Out of Minutes? Upgrade for More!", 10x more by upgrading or buying credits —,
 * or bought credits did (Pay As You Go, a prepaid account's credit) — "Out of Credits!", Buy Credits. The
 * client's plan rules (src/machines/plan-rules.ts) give the same answer.
 */
export function outOfBalance(caller: Caller): HttpError {
  const credits = caller.category === 'pay_as_you_go' || (caller.prepaid && !caller.paid);
  return credits
    ? upgradeRequired('out_of_credits', 'You are out of credits: buy credits to keep converting.')
    : upgradeRequired('out_of_minutes', 'You are out of minutes: upgrade for 10x more, or buy credits.');
}

/**
 * Checks every requested conversion against the catalogue and the caller's plan. Unknown (or invisible)
 * voices, accents and styles answer 422 at their field; a voice or accent the plan does not include 402.
 */
export async function resolveConversions(
  db: Db,
  caller: Caller,
  original: Pick<Recording, 'duration'>,
  requested: OrderRequest['conversions'],
): Promise<ResolvedConversion[]> {
  const ids = [...new Set(requested.map((c) => c.voice_id).filter((id) => UUID.test(id)))];
  const voiceRows = ids.length ? await db.select().from(voices).where(inArray(voices.id, ids)) : [];
  const byId = new Map(voiceRows.map((v) => [v.id, v]));
  const accentRows = ids.length ? await db.select().from(voiceAccents).where(inArray(voiceAccents.voiceId, ids)) : [];
  const styleRows = ids.length
    ? await db
        .select({ voiceId: voiceNarrationStyles.voiceId, id: narrationStyles.id, name: narrationStyles.name })
        .from(voiceNarrationStyles)
        .innerJoin(narrationStyles, eq(narrationStyles.id, voiceNarrationStyles.narrationStyleId))
        .where(inArray(voiceNarrationStyles.voiceId, ids))
    : [];
  const duration = original.duration ?? 0;
  return requested.map((wanted, i) => {
    const at = (field: string) => `body/conversions/${i}/${field}`;
    const voice = byId.get(wanted.voice_id);
    // Another user's private voice is as unknown as a made-up id.
    const visible =
      voice &&
      voice.active &&
      (voice.visibility !== 'private' || voice.ownerId === caller.userId) &&
      (voice.visibility !== 'enterprise' || caller.enterprise || caller.admin);
    if (!voice || !visible) throw unprocessable(at('voice_id'), `${at('voice_id')} is not a voice you can use`);
    if (!voiceAvailable(caller, voice)) {
      throw upgradeRequired('voice', `${voice.name} is not included in your plan: upgrade to unlock this voice.`);
    }
    const accents = accentRows.filter((a) => a.voiceId === voice.id);
    const accent = wanted.accent_id ? accents.find((a) => a.id === wanted.accent_id) : accents.find((a) => a.isDefault);
    if (!accent) throw unprocessable(at('accent_id'), `${at('accent_id')} is not an accent of ${voice.name}`);
    if (!accent.isDefault && accentsLimited(caller)) {
      throw upgradeRequired('accent', `The ${accent.name} accent is not included in your plan: upgrade to unlock it.`);
    }
    const styleId = wanted.narration_style_id ?? DEFAULT_NARRATION_STYLE;
    const style = styleRows.find((s) => s.voiceId === voice.id && s.id === styleId);
    if (!style) {
      throw unprocessable(
        at('narration_style_id'),
        `${at('narration_style_id')} is not a narration style of ${voice.name}`,
      );
    }
    const semitones = wanted.semitones_correction ?? 0;
    return {
      voice,
      accent: { id: accent.id, name: accent.name, isDefault: accent.isDefault },
      style: { id: style.id, name: style.name },
      semitones,
      costSeconds: Math.round(duration * voice.costMultiplier * 1000) / 1000,
    };
  });
}

/**
 * Takes `seconds` from the user's balance in the caller's transaction: plan seconds first, then bought
 * credits, written to the ledger per conversion so a failure gives back exactly what was taken. Answers
 * false (and takes nothing) when the balance is short. Admins are not charged; Per Minute needs no
 * balance (its seconds are billed at the end of the month).
 */
async function charge(tx: Db, caller: Caller, conversions: { recordingId: string; seconds: number }[]) {
  if (caller.admin) return true;
  if (caller.metered) {
    await chargeMetered(tx, caller.userId, conversions);
    return true;
  }
  const total = conversions.reduce((sum, c) => sum + c.seconds, 0);
  const updated = await query<{ subscription_taken: number }>(
    tx,
    sql`
      update credits set
        subscription_seconds = greatest(0, subscription_seconds - ${total}),
        bought_credits = bought_credits - greatest(0, ${total} - greatest(0, subscription_seconds)),
        available_seconds = available_seconds - ${total},
        updated_at = now()
      where user_id = ${caller.userId} and available_seconds >= ${total}
      returning least(${total}, greatest(0, subscription_seconds + ${total})) as subscription_taken`,
  );
  if (updated.length === 0) return false;
  let fromPlan = Math.min(total, Number(updated[0]!.subscription_taken));
  const ledger = conversions.flatMap(({ recordingId, seconds }) => {
    const plan = Math.min(seconds, fromPlan);
    fromPlan -= plan;
    const rows = [];
    if (plan > 0) rows.push({ userId: caller.userId, recordingId, deltaSeconds: -plan, reason: 'conversion:plan' });
    if (seconds - plan > 0) {
      rows.push({ userId: caller.userId, recordingId, deltaSeconds: -(seconds - plan), reason: 'conversion:credits' });
    }
    return rows;
  });
  if (ledger.length) await tx.insert(creditLedger).values(ledger);
  return true;
}

/** Gives back what a conversion was charged (it failed, or was cancelled before it finished), once. */
export async function refundConversion(tx: Db, recordingId: string): Promise<number> {
  const rows = await tx
    .select({ userId: creditLedger.userId, reason: creditLedger.reason, delta: creditLedger.deltaSeconds })
    .from(creditLedger)
    .where(eq(creditLedger.recordingId, recordingId));
  const net = (reason: string) =>
    rows.filter((r) => r.reason === reason || r.reason === `refund:${reason}`).reduce((s, r) => s + r.delta, 0);
  const plan = -net('conversion:plan');
  const bought = -net('conversion:credits');
  const userId = rows[0]?.userId;
  if (!userId) return 0;
  const metered = await refundMetered(tx, recordingId, -net(METERED_CHARGE), userId);
  if (plan + bought <= 0) return metered;
  await tx.execute(sql`
    update credits set
      subscription_seconds = subscription_seconds + ${plan},
      bought_credits = bought_credits + ${bought},
      available_seconds = available_seconds + ${plan + bought},
      updated_at = now()
    where user_id = ${userId}`);
  const back = [];
  if (plan > 0) back.push({ userId, recordingId, deltaSeconds: plan, reason: 'refund:conversion:plan' });
  if (bought > 0) back.push({ userId, recordingId, deltaSeconds: bought, reason: 'refund:conversion:credits' });
  await tx.insert(creditLedger).values(back);
  return plan + bought + metered;
}

/** The user's advanced settings at order time, recorded in each conversion's params. */
async function advancedSettings(db: Db, userId: string) {
  const [row] = await db.select({ data: users.data }).from(users).where(eq(users.id, userId)).limit(1);
  const settings = (row?.data as UserData | undefined)?.advanced_settings;
  return {
    denoise: settings?.denoise ?? false,
    normalize: settings?.normalize ?? true,
    denormalize: settings?.denormalize ?? false,
    hft: settings?.hft ?? false,
    emotional_scale: settings?.emotional_scale ?? 0.5,
  };
}

/** The calibration an order applies: the one named, or the user's enabled one; 404 when there is none. */
async function orderCalibration(db: Db, ownerId: string, request: OrderRequest) {
  if (!request.use_calibration) return null;
  const where = request.calibration_id
    ? and(eq(calibrations.id, request.calibration_id), eq(calibrations.ownerId, ownerId))
    : and(eq(calibrations.ownerId, ownerId), eq(calibrations.enabled, true));
  const [row] = await db
    .select()
    .from(calibrations)
    .where(and(where, isNull(calibrations.deletedAt)))
    .limit(1);
  if (!row) throw notFound(request.calibration_id ? 'Calibration not found' : 'You have no enabled calibration');
  return row;
}

export interface PlacedOrder {
  orderId: string;
  conversions: Recording[];
}

/**
 * POST /api/v2/orders: checks the original, the voices and the plan, then in one transaction writes the
 * order, one queued conversion per entry, the original's count, the charge, and a convert job per
 * conversion — all or nothing. `enqueue` queues in that transaction.
 */
export async function placeOrder(
  db: Db,
  ownerId: string,
  request: OrderRequest,
  enqueue: (tx: Db, recordingId: string) => Promise<unknown>,
): Promise<PlacedOrder> {
  const original = await orderableOriginal(db, ownerId, request.original_id);
  const caller = await callerOf(db, ownerId);
  if (!caller.access) {
    throw upgradeRequired(
      'trial_expired',
      'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    );
  }
  if (caller.category === 'tts_only' && !caller.prepaid && !caller.admin) {
    throw upgradeRequired(
      'unlock_sts',
      "STS conversions aren't included in this plan. Upgrade to enable this feature.",
    );
  }
  const resolved = await resolveConversions(db, caller, original, request.conversions);
  const calibration = await orderCalibration(db, ownerId, request);
  const settings = await advancedSettings(db, ownerId);

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        ownerId,
        originalId: original.id,
        calibrationId: calibration?.id ?? null,
        useCalibration: request.use_calibration ?? false,
        conversions: request.conversions as never,
      })
      .returning();
    const now = Date.now();
    const rows = await tx
      .insert(recordings)
      .values(
        resolved.map((c, i) => ({
          ownerId,
          projectId: original.projectId,
          parentFolderId: original.parentFolderId,
          type: 'conversion' as const,
          state: 'queued' as const,
          originalId: original.id,
          orderId: order!.id,
          label: original.label,
          fileName: conversionFileName(original.fileName ?? original.label, c.voice.name, c.semitones),
          duration: original.duration,
          voiceId: c.voice.id,
          voiceName: c.voice.name,
          voiceTalent: c.voice.voiceTalent,
          semitonesCorrection: c.semitones,
          accentId: c.accent.id,
          accentName: c.accent.name,
          narrationStyleId: c.style.id,
          narrationStyleName: c.style.name,
          calibrationId: calibration?.id ?? null,
          calibrationName: calibration?.name ?? null,
          processStage: '0',
          params: {
            semitones: c.semitones,
            accent_id: c.accent.id,
            narration_style_id: c.style.id,
            ...settings,
          },
          // In request order when listed newest first.
          createdAt: new Date(now - i),
          updatedAt: new Date(now - i),
        })),
      )
      .returning();
    const charged = await charge(
      tx,
      caller,
      rows.map((r, i) => ({ recordingId: r.id, seconds: resolved[i]!.costSeconds })),
    );
    if (!charged) throw outOfBalance(caller);
    await tx
      .update(recordings)
      .set({ conversionsCount: sql`${recordings.conversionsCount} + ${rows.length}` })
      .where(eq(recordings.id, original.id));
    for (const row of rows) await enqueue(tx, row.id);
    // Answered in request order.
    return { orderId: order!.id, conversions: [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()) };
  });
}

/**
 * POST /api/v2/orders/retry/{id}: a failed or cancelled conversion queued again with the same settings,
 * charged again (a failure refunded it), with its old result and error cleared.
 */
export async function retryConversion(
  db: Db,
  ownerId: string,
  id: string,
  enqueue: (tx: Db, recordingId: string) => Promise<unknown>,
): Promise<Recording> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId), isNull(recordings.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Conversion not found');
  if (row.type !== 'conversion' || (row.state !== 'error' && row.state !== 'cancelled')) {
    throw new HttpError(409, 'Only a failed or cancelled conversion can be retried');
  }
  const original = await orderableOriginal(db, ownerId, row.originalId!);
  const caller = await callerOf(db, ownerId);
  if (!caller.access) {
    throw upgradeRequired(
      'trial_expired',
      'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    );
  }
  const [resolved] = await resolveConversions(db, caller, original, [
    {
      voice_id: row.voiceId ?? '',
      accent_id: row.accentId,
      narration_style_id: (row.narrationStyleId ?? DEFAULT_NARRATION_STYLE) as never,
      semitones_correction: (row.semitonesCorrection ?? 0) as never,
    },
  ]);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(recordings)
      .set({ state: 'queued', error: null, processStage: '0', updatedAt: new Date() })
      .where(and(eq(recordings.id, row.id), inArray(recordings.state, ['error', 'cancelled'])))
      .returning();
    if (!updated) throw new HttpError(409, 'Only a failed or cancelled conversion can be retried');
    if (!(await charge(tx, caller, [{ recordingId: row.id, seconds: resolved!.costSeconds }]))) {
      throw outOfBalance(caller);
    }
    await enqueue(tx, row.id);
    return updated;
  });
}

/** GET /api/recordings/conversions: the live conversions of one of the owner's originals. */
export async function listConversions(
  db: Db,
  ownerId: string,
  query: { original_id: string; offset?: number; limit?: number; direction?: 'asc' | 'desc' },
): Promise<Page<Recording>> {
  const [original] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.id, query.original_id), eq(recordings.ownerId, ownerId), eq(recordings.type, 'original')))
    .limit(1);
  if (!original) throw notFound('Original not found');
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const where = and(
    eq(recordings.ownerId, ownerId),
    eq(recordings.originalId, original.id),
    eq(recordings.type, 'conversion'),
    isNull(recordings.deletedAt),
  );
  const order = query.direction === 'asc' ? asc : desc;
  const [items, [total]] = await Promise.all([
    pageOfRecordings(db, where, [order(recordings.updatedAt), order(recordings.id)], limit, offset),
    db.select({ n: count() }).from(recordings).where(where),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items };
}

/** POST /api/recordings/conversion-count: live conversions of an original into each voice asked about. */
export async function conversionCount(db: Db, ownerId: string, originalId: string, voiceIds: string[]) {
  const [original] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.id, originalId), eq(recordings.ownerId, ownerId), eq(recordings.type, 'original')))
    .limit(1);
  if (!original) throw notFound('Original not found');
  const uuids = voiceIds.filter((id) => UUID.test(id));
  const rows = uuids.length
    ? await db
        .select({ voiceId: recordings.voiceId, n: count() })
        .from(recordings)
        .where(
          and(
            eq(recordings.originalId, original.id),
            eq(recordings.ownerId, ownerId),
            isNull(recordings.deletedAt),
            inArray(recordings.voiceId, uuids),
          ),
        )
        .groupBy(recordings.voiceId)
    : [];
  const counts = new Map(rows.map((r) => [r.voiceId, Number(r.n)]));
  return { original_id: original.id, counts: Object.fromEntries(voiceIds.map((id) => [id, counts.get(id) ?? 0])) };
}

/** POST /api/recordings/{id}/conversion-issue: a report about one of the owner's conversions. */
export async function reportConversionIssue(db: Db, ownerId: string, id: string, description: string) {
  const [row] = await db
    .select({ id: recordings.id, type: recordings.type })
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound('Recording not found');
  if (row.type !== 'conversion') throw unprocessable('path/id', 'path/id must name a conversion, not an original');
  const [issue] = await db
    .insert(conversionIssues)
    .values({ recordingId: row.id, ownerId, description: description.trim() })
    .returning();
  return {
    id: issue!.id,
    recording_id: issue!.recordingId,
    description: issue!.description,
    created_at: issue!.createdAt.toISOString(),
  };
}
