import { eq, sql, type SQL } from 'drizzle-orm';
import { groups, subscriptionPrices, subscriptions, userGroups, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { planView } from '../billing/billing-state.ts';
import type { ModelDef, PlanCategory, Visibility } from './catalogue.ts';

/**
 * Who may see and use which voice and model (SPEC.md section 6), as pure rules over what the caller's
 * account says. Every voice query takes its visibility condition from here, so a list, a search, the
 * by-ids call and the settings call can never disagree about what a caller may see.
 *
 * - public, paid and kids voices are listed for everyone signed in; private voices only for their owner
 *   (admins included: a private voice is nobody else's business); enterprise voices only for accounts
 *   on an enterprise footing — admins, prepaid accounts, the Custom plan and members of the
 *   enterprise-voices group.
 * - available (can be ordered): nothing without access (admin or prepaid, or a subscription that is
 *   active or trialing); public voices on every plan; paid voices on a paid subscription (not the trial,
 *   nor Pay As You Go credits) whose plan category is among the voice's tiers, and for prepaid accounts; kids voices once granted
 *   (the kids-voices group, which is how "how to request kids voices" ends); enterprise voices for whoever
 *   sees them; a private voice for its owner; admins everything but other users' private voices. A
 *   retired voice is available to nobody.
 */

/** Group names an admin adds a user to, to grant kids or enterprise voices. */
export const KIDS_VOICES_GROUP = 'kids-voices';
export const ENTERPRISE_VOICES_GROUP = 'enterprise-voices';

export interface Caller {
  userId: string;
  admin: boolean;
  prepaid: boolean;
  /** Any access to the app's features: admin or prepaid, or a subscription that is active or trialing. */
  access: boolean;
  /** A paid subscription (status active). */
  paid: boolean;
  /** The plan category of the subscription, when known. */
  category: PlanCategory | null;
  /**
   * On Pay As You Go credits (SPEC.md section 6's per-credit restrictions): public voices and default
   * accents only, no TTS characters. Admins and prepaid accounts never are.
   */
  perCredit: boolean;
  /** On Per Minute (paid): conversions are billed by the second at the end of the month, no balance needed. */
  metered: boolean;
  kids: boolean;
  enterprise: boolean;
}

/** Reads the caller's roles, plan and groups (one query). */
export async function callerOf(db: Db, userId: string): Promise<Caller> {
  const [row] = await db
    .select({
      roles: users.roles,
      data: users.data,
      status: subscriptions.status,
      trial: subscriptions.trial,
      trialUsed: subscriptions.trialUsed,
      trialEndsAt: subscriptions.trialEndsAt,
      priceCategory: subscriptionPrices.category,
      groupNames: sql<string[]>`coalesce((select array_agg(${groups.name}) from ${userGroups}
        join ${groups} on ${groups.id} = ${userGroups.groupId} where ${userGroups.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(subscriptionPrices, eq(subscriptionPrices.id, subscriptions.priceId))
    .where(eq(users.id, userId))
    .limit(1);
  const view = planView(
    row && row.trial !== null && row.trialUsed !== null
      ? { status: row.status, trial: row.trial, trialUsed: row.trialUsed, trialEndsAt: row.trialEndsAt }
      : null,
  );
  const roles = row?.roles ?? [];
  const groupNames = row?.groupNames ?? [];
  return callerFrom({
    userId,
    roles,
    status: view.status,
    category: row?.priceCategory ?? row?.data?.stripe?.subscription_category ?? null,
    groups: groupNames,
  });
}

/** The rules above for an account in the given state (pure, for the tests of the rules themselves). */
export function callerFrom(state: {
  userId: string;
  roles: readonly string[];
  status: string | null | undefined;
  category: PlanCategory | null;
  groups: readonly string[];
}): Caller {
  const admin = state.roles.includes('admin');
  const prepaid = state.roles.includes('prepaid');
  const paid = state.status === 'active';
  const access = admin || prepaid || paid || state.status === 'trialing';
  return {
    userId: state.userId,
    admin,
    prepaid,
    access,
    paid,
    category: state.category,
    perCredit: paid && !admin && !prepaid && state.category === 'pay_as_you_go',
    metered: paid && !admin && !prepaid && state.category === 'per_minute',
    kids: admin || state.groups.includes(KIDS_VOICES_GROUP),
    enterprise: admin || prepaid || state.category === 'custom' || state.groups.includes(ENTERPRISE_VOICES_GROUP),
  };
}

/** The SQL condition "the caller may see this voice", over the voices table (not aliased). */
export function visibleTo(caller: Caller): SQL {
  const enterprise = caller.enterprise ? sql` or "voices"."visibility" = 'enterprise'` : sql``;
  return sql`("voices"."visibility" in ('public', 'paid', 'kids')
    or ("voices"."visibility" = 'private' and "voices"."owner_id" = ${caller.userId}::uuid)${enterprise})`;
}

export interface VoiceAccessFacts {
  visibility: Visibility;
  ownerId: string | null;
  tiers: readonly string[];
  active: boolean;
}

/** Whether the caller's plan can use a voice the caller sees. */
export function voiceAvailable(caller: Caller, voice: VoiceAccessFacts): boolean {
  if (!voice.active || !caller.access) return false;
  if (voice.visibility === 'private') return voice.ownerId === caller.userId;
  if (caller.admin) return true;
  const inTier = caller.category === null || voice.tiers.includes(caller.category);
  switch (voice.visibility) {
    case 'public':
      return inTier;
    case 'paid':
      return caller.prepaid || (caller.paid && !caller.perCredit && inTier);
    case 'kids':
      return caller.kids;
    case 'enterprise':
      return caller.enterprise;
  }
}

/** Whether the caller's plan and role allow ordering with a model (Model.user_can_use_model). */
export function modelUsable(
  caller: Caller,
  model: { ownerId: string | null; kind: ModelDef['kind']; requires: ModelDef['requires'] },
): boolean {
  if (!caller.access) return false;
  if (model.ownerId !== null) return model.ownerId === caller.userId;
  if (caller.admin) return true;
  // SPEC.md's unlock_sts: "STS conversions aren't included in this plan" (TTS Only).
  if (model.kind === 'sts' && caller.category === 'tts_only' && !caller.prepaid) return false;
  if (model.requires === 'paid') return caller.paid || caller.prepaid;
  return true;
}
