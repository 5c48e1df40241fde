import { asc, eq, max } from 'drizzle-orm';
import { featureFlags, users, type FeatureFlagRule } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

/**
 * The embedded feature-flag service (issue 19, SPEC.md sections 6 and 7): the flags stored in `feature_flags`,
 * served to GrowthBook's SDK as its features payload (GET /api/features/{clientKey}) and edited by admins.
 * A rule forces its value for the users it names by id (the SDK's `id` attribute) and for the plans it names
 * (the `plan` attribute: trial, trial_expired, none, or a paid plan's category), in that order.
 */

/** The plans a rule may target: the app's `plan` attribute (src/shared/feature-flags/flag-attributes.ts). */
export const FLAG_PLANS = [
  'trial',
  'trial_expired',
  'none',
  'explorer',
  'creator',
  'power',
  'tts_only',
  'custom',
  'per_minute',
  'pay_as_you_go',
] as const;
export type FlagPlan = (typeof FLAG_PLANS)[number];

/** A GrowthBook feature definition (FeatureDefinition of @growthbook/growthbook) with `force` rules only. */
export interface FeatureDefinition {
  defaultValue: unknown;
  rules: { id: string; condition: Record<string, { $in: string[] }>; force: unknown }[];
}

/** GrowthBook's FeatureApiResponse, as its API answers a client key (plain, unencrypted features). */
export interface FeaturesPayload {
  status: 200;
  features: Record<string, FeatureDefinition>;
  dateUpdated: string;
}

/** One stored flag's definition for the SDK: a user-id rule and a plan rule per stored rule, user ids first. */
export function featureDefinition(flag: { defaultValue: unknown; rules: FeatureFlagRule[] }): FeatureDefinition {
  const rules: FeatureDefinition['rules'] = [];
  for (const rule of flag.rules) {
    if (rule.user_ids?.length) {
      rules.push({ id: `${rule.id}-users`, condition: { id: { $in: rule.user_ids } }, force: rule.value });
    }
    if (rule.plans?.length) {
      rules.push({ id: `${rule.id}-plans`, condition: { plan: { $in: rule.plans } }, force: rule.value });
    }
  }
  return { defaultValue: flag.defaultValue, rules };
}

/** The features payload of every stored flag. */
export async function readFeaturesPayload(db: Db): Promise<FeaturesPayload> {
  const [rows, [latest]] = await Promise.all([
    db.select().from(featureFlags).orderBy(asc(featureFlags.key)),
    db.select({ at: max(featureFlags.updatedAt) }).from(featureFlags),
  ]);
  const features: Record<string, FeatureDefinition> = {};
  for (const row of rows) features[row.key] = featureDefinition(row);
  return { status: 200, features, dateUpdated: (latest?.at ?? new Date(0)).toISOString() };
}

/** How long the features payload is kept, in the server's memory and in the browser's cache (SPEC.md: 60 s). */
export const FEATURES_TTL_MS = 60_000;

/**
 * The features payload kept for 60 s per process, so the SDK's calls of every page view read the table at
 * most once a minute; an admin's edit in this process clears it (another process serves the change within
 * the minute).
 */
export class FeaturesCache {
  private entry: { payload: Promise<FeaturesPayload>; expiresAt: number } | null = null;
  private readonly read: () => Promise<FeaturesPayload>;
  private readonly now: () => number;
  constructor(read: () => Promise<FeaturesPayload>, now: () => number = Date.now) {
    this.read = read;
    this.now = now;
  }

  get(): Promise<FeaturesPayload> {
    const at = this.now();
    if (this.entry && this.entry.expiresAt > at) return this.entry.payload;
    const payload = this.read();
    const entry = { payload, expiresAt: at + FEATURES_TTL_MS };
    this.entry = entry;
    // A failed read is not kept: the next call tries again.
    payload.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return payload;
  }

  clear() {
    this.entry = null;
  }
}

/** A flag as the admin console lists it. */
export async function listFlags(db: Db) {
  const rows = await db
    .select({
      flag: featureFlags,
      editor: {
        id: users.id,
        username: users.username,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
      },
    })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy))
    .orderBy(asc(featureFlags.key));
  return rows.map(({ flag, editor }) => flagView(flag, editor?.id ? editor : null));
}

export function flagView(
  flag: typeof featureFlags.$inferSelect,
  editor: { id: string; username: string; email: string; first_name: string; last_name: string } | null,
) {
  return {
    key: flag.key,
    description: flag.description,
    default_value: flag.defaultValue === true,
    rules: flag.rules.map((rule) => ({
      id: rule.id,
      user_ids: rule.user_ids ?? [],
      plans: (rule.plans ?? []) as FlagPlan[],
      value: rule.value === true,
    })),
    updated_at: flag.updatedAt.toISOString(),
    updated_by: editor,
  };
}

/** The flags the app uses, created at start when missing; an admin's later edits are never overwritten. */
export const SEEDED_FLAGS: readonly { key: string; description: string; defaultValue: boolean }[] = [
  {
    key: 'nps-survey',
    description: 'Offer the NPS survey after the fifth finished conversion (at most once per 90 days).',
    defaultValue: true,
  },
  {
    key: 'new-dashboard',
    description:
      'The new home dashboard: a summary strip on top with the minutes left, recent projects and the New recording action.',
    defaultValue: false,
  },
];

export async function seedFlags(db: Db): Promise<number> {
  const inserted = await db
    .insert(featureFlags)
    .values(
      SEEDED_FLAGS.map((f) => ({ key: f.key, description: f.description, defaultValue: f.defaultValue, rules: [] })),
    )
    .onConflictDoNothing({ target: featureFlags.key })
    .returning({ key: featureFlags.key });
  return inserted.length;
}
