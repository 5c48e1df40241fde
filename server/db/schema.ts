/**
 * Timbre's database schema (Drizzle, PostgreSQL 15+; the same SQL runs on PGlite).
 *
 * Conventions: snake_case columns; uuid ids for user-made rows, natural text keys for reference data
 * (accent infos by locale, narration style 'BASIC', model slugs); every timestamp is timestamptz.
 * A child row that cannot outlive its parent is removed with it (ON DELETE CASCADE); a row that keeps
 * history (ledger, feedback, conversions of a removed voice) keeps its own copy and loses the link.
 * Soft deletes set deleted_at; hard deletes remove the row (and the caller removes its files).
 *
 * Migrations: `drizzle-kit generate` writes SQL into ./migrations; never edit this file without one.
 */
import { sql } from 'drizzle-orm';
import type { AdvancedSettings, StylePreset, VoicePreset } from '../audio/engine/types.ts';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------
// Column helpers

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
/** Set by the database on insert and by Drizzle on every update made through it. */
const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const deletedAt = () => timestamptz('deleted_at');
const id = () => uuid('id').primaryKey().defaultRandom();
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'cascade' });

// ---------------------------------------------------------------------------------------------------
// JSON shapes stored in jsonb columns (documents, not relations; the OpenAPI contracts are the
// source of truth for what the API returns).

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type { AdvancedSettings };

/** Mirror of the subscription the client reads from user.data.stripe (subscriptions is the source). */
export interface UserStripeData {
  subscription_status?: SubscriptionStatus | null;
  trial?: boolean;
  trial_used?: boolean;
  subscription_category?: SubscriptionCategory | null;
  subscription_interval?: BillingInterval | null;
}

export interface UserPermissions {
  can_write?: boolean;
  long_conversions?: boolean;
  download?: boolean;
}

export interface DemoWizardState {
  show?: boolean;
  completed?: boolean;
  skipped?: boolean;
  ignoreWizard?: boolean;
}

/** users.data: the per-user document SPEC.md section 3 lists under User.data. */
export interface UserData {
  calibration?: JsonValue;
  download?: JsonValue;
  advanced_settings?: AdvancedSettings;
  promo?: { code?: string; place?: string | null; status?: string | null } | null;
  stripe?: UserStripeData;
  /** Prepaid users: seconds they may go below zero (null = none). */
  credit_limit?: number | null;
  permissions?: UserPermissions;
  local_storage?: { [key: string]: JsonValue };
  demo_wizard?: DemoWizardState;
  /** How the user wants "conversion complete" delivered (beyond the spec). */
  notifications?: { browser?: boolean; email?: boolean };
}

/**
 * calibrations.profile: what the analysis of a calibration measured about the speaker (server/audio/pitch.ts
 * VoiceProfile). Levels are RMS dBFS.
 */
export interface CalibrationProfile {
  f0_median_hz: number;
  f0_p10_hz: number;
  f0_p90_hz: number;
  loudness_dbfs: number;
  noise_floor_dbfs: number;
  voiced_seconds: number;
  analyzed_seconds: number;
}

export type RecordingParams = { [key: string]: JsonValue };
export type ModerationResult = {
  status?: ModerationStatus;
  reason?: string | null;
  categories?: string[];
  /** The moderation service's raw answer. */
  details?: JsonValue;
};

// ---------------------------------------------------------------------------------------------------
// Enums

export const recordingStateEnum = pgEnum('recording_state', [
  'queued',
  'processing',
  'postprocessing',
  'done',
  'error',
  'cancelled',
]);
export const recordingTypeEnum = pgEnum('recording_type', ['original', 'conversion']);
export const calibrationStatusEnum = pgEnum('calibration_status', ['processing', 'calibrated', 'error']);
export const subscriptionStatusEnum = pgEnum('subscription_status', ['trialing', 'incomplete', 'active', 'unpaid']);
export const subscriptionCategoryEnum = pgEnum('subscription_category', [
  'explorer',
  'creator',
  'power',
  'tts_only',
  'custom',
  'per_minute',
  'pay_as_you_go',
]);
// Not named "interval": that is a built-in PostgreSQL type.
export const billingIntervalEnum = pgEnum('billing_interval', ['month', 'year']);
/** How a price is paid: each interval, once (a credit pack), or each month for the seconds used (Per Minute). */
export const priceModeEnum = pgEnum('price_mode', ['subscription', 'payment', 'metered']);
export const userRoleEnum = pgEnum('user_role', ['user', 'prepaid', 'admin']);
export const visibilityEnum = pgEnum('visibility', ['public', 'paid', 'private', 'kids', 'enterprise']);
export const genderEnum = pgEnum('gender', ['male', 'female', 'neutral']);
export const ageGroupEnum = pgEnum('age_group', ['child', 'young', 'adult', 'senior']);
export const pitchGroupEnum = pgEnum('pitch_group', ['low', 'medium', 'high']);
export const speciesEnum = pgEnum('species', ['human', 'creature', 'robot', 'cartoon']);
export const jobStateEnum = pgEnum('job_state', ['queued', 'running', 'done', 'failed', 'cancelled']);
export const moderationStatusEnum = pgEnum('moderation_status', ['pending', 'approved', 'rejected']);
export const emailTokenPurposeEnum = pgEnum('email_token_purpose', ['verify_email', 'change_password']);
export const notificationSeverityEnum = pgEnum('notification_severity', ['success', 'info', 'warning', 'error']);
/** Where an admin has got with a user's report (a conversion issue or a feedback submission). */
export const reportStatusEnum = pgEnum('report_status', ['new', 'seen', 'resolved']);

export type RecordingState = (typeof recordingStateEnum.enumValues)[number];
export type RecordingType = (typeof recordingTypeEnum.enumValues)[number];
export type CalibrationStatus = (typeof calibrationStatusEnum.enumValues)[number];
export type SubscriptionStatus = (typeof subscriptionStatusEnum.enumValues)[number];
export type SubscriptionCategory = (typeof subscriptionCategoryEnum.enumValues)[number];
export type BillingInterval = (typeof billingIntervalEnum.enumValues)[number];
export type PriceMode = (typeof priceModeEnum.enumValues)[number];
export type UserRole = (typeof userRoleEnum.enumValues)[number];
export type Visibility = (typeof visibilityEnum.enumValues)[number];
export type Gender = (typeof genderEnum.enumValues)[number];
export type AgeGroup = (typeof ageGroupEnum.enumValues)[number];
export type PitchGroup = (typeof pitchGroupEnum.enumValues)[number];
export type Species = (typeof speciesEnum.enumValues)[number];
export type JobState = (typeof jobStateEnum.enumValues)[number];
export type ModerationStatus = (typeof moderationStatusEnum.enumValues)[number];
export type EmailTokenPurpose = (typeof emailTokenPurposeEnum.enumValues)[number];
export type NotificationSeverity = (typeof notificationSeverityEnum.enumValues)[number];

// ---------------------------------------------------------------------------------------------------
// Accounts, sessions and access

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    email: text('email').notNull(),
    /** lower(trim(email)): the only column e-mail lookups and uniqueness use. */
    emailNormalized: text('email_normalized').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Null for accounts that only sign in with OAuth. */
    passwordHash: text('password_hash'),
    verified: boolean('verified').notNull().default(false),
    roles: userRoleEnum('roles')
      .array()
      .notNull()
      .default(sql`'{user}'::user_role[]`),
    /** Trust level set by admins: 0 gray (default), 1 red, 2 orange, 3 green. */
    tLevel: smallint('t_level').notNull().default(0),
    data: jsonb('data').$type<UserData>().notNull().default({}),
    profession: text('profession'),
    industry: text('industry'),
    touAcceptedAt: timestamptz('tou_accepted_at'),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    check('users_t_level_check', sql`${t.tLevel} between 0 and 3`),
    check('users_email_normalized_check', sql`${t.emailNormalized} = lower(${t.emailNormalized})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const groups = pgTable('groups', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: userRef('user_id').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_id_idx').on(t.groupId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: userRef('user_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const apiKeys = pgTable('api_keys', {
  id: id(),
  /** One key per user: creating a new one replaces the old. */
  userId: userRef('user_id').notNull().unique(),
  /** SHA-256 hex of the key. */
  keyHash: text('key_hash').notNull().unique(),
  /** The first characters of the key, shown to the user to recognise it. */
  prefix: text('prefix').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at'),
  lastUsedAt: timestamptz('last_used_at'),
});

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    /** google, linkedin, facebook, apple (or the local test provider). */
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: userRef('user_id').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('oauth_accounts_user_id_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: userRef('user_id').notNull(),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    /** SHA-256 hex of the token sent by e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_id_purpose_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for login/signup limits per IP and per account. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------
// Credits, billing, promo codes

/** Current balances; SPEC.md's used amounts and percentages are derived from initial_* and these. */
export const credits = pgTable('credits', {
  userId: userRef('user_id').primaryKey(),
  subscriptionSeconds: doublePrecision('subscription_seconds').notNull().default(0),
  initialSubscriptionSeconds: doublePrecision('initial_subscription_seconds').notNull().default(0),
  /** Bought (pay-as-you-go) credits, in seconds. */
  boughtCredits: doublePrecision('bought_credits').notNull().default(0),
  initialBoughtCredits: doublePrecision('initial_bought_credits').notNull().default(0),
  availableSeconds: doublePrecision('available_seconds').notNull().default(0),
  ttsCurrent: integer('tts_current').notNull().default(0),
  ttsLimit: integer('tts_limit').notNull().default(0),
  initialTtsChars: integer('initial_tts_chars').notNull().default(0),
  ttsChars: integer('tts_chars').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Every change to a balance, so usage is auditable and stats can be summed. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: userRef('user_id').notNull(),
    deltaSeconds: doublePrecision('delta_seconds').notNull().default(0),
    deltaChars: integer('delta_chars').notNull().default(0),
    /** trial, trial_end, subscription_period, subscription_end, credit_purchase, custom_plan, conversion:plan,
     * conversion:credits, conversion:metered, tts, refund:<what was refunded>, admin (openapi CreditLedgerEntry). */
    reason: text('reason').notNull(),
    recordingId: uuid('recording_id').references((): AnyPgColumn => recordings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('credit_ledger_recording_id_idx').on(t.recordingId),
  ],
);

export const subscriptionPrices = pgTable('subscription_prices', {
  /** The payment provider's price id (e.g. Stripe price_…), or the local provider's. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: subscriptionCategoryEnum('category').notNull(),
  /** Null for a one-time purchase (mode payment). */
  interval: billingIntervalEnum('interval'),
  mode: priceModeEnum('mode').notNull().default('subscription'),
  /** Per interval (subscription), once (payment), or per second used (metered). */
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  /** Conversion minutes included per interval (or in the credit pack). */
  minutes: integer('minutes').notNull().default(0),
  ttsChars: integer('tts_chars').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** The current subscription of a user (one row per user; trial_used survives cancellations). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: userRef('user_id').notNull().unique(),
    priceId: text('price_id').references(() => subscriptionPrices.id),
    /** Null when there is no subscription (never subscribed, or cancelled). */
    status: subscriptionStatusEnum('status'),
    trial: boolean('trial').notNull().default(false),
    trialUsed: boolean('trial_used').notNull().default(false),
    /** When the free trial started (an extended-trial promo code moves its end to this plus its days). */
    trialStartedAt: timestamptz('trial_started_at'),
    trialEndsAt: timestamptz('trial_ends_at'),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Per Minute: the user confirmed at checkout that their business's revenue is under $1M. */
    revenueConfirmed: boolean('revenue_confirmed').notNull().default(false),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_provider_customer_id_idx').on(t.providerCustomerId)],
);

/**
 * Per Minute usage, one row per metered charge of a conversion: the outbox of what is reported to the
 * payment provider (Stripe meter events, whose identifier is this id) and taken back when the conversion
 * fails. The credit ledger holds the same charge for the user; this row holds the provider's side.
 */
export const meteredUsage = pgTable(
  'metered_usage',
  {
    /** The meter event's identifier: the conversion's id (with a suffix when it is charged again). */
    id: text('id').primaryKey(),
    userId: userRef('user_id').notNull(),
    recordingId: uuid('recording_id').references((): AnyPgColumn => recordings.id, { onDelete: 'set null' }),
    /** Whole seconds billed. */
    seconds: integer('seconds').notNull(),
    createdAt: createdAt(),
    /** The conversion failed or was cancelled: the seconds are not billed. */
    refundedAt: timestamptz('refunded_at'),
    /** Reported to the provider (the local provider records it only). */
    reportedAt: timestamptz('reported_at'),
    /** The provider's report was cancelled after a refund. */
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    index('metered_usage_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('metered_usage_recording_id_idx').on(t.recordingId),
  ],
);

/** Payment-provider webhook events already handled (webhooks are retried; handle each once). */
export const billingEvents = pgTable('billing_events', {
  /** The provider's event id. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<JsonValue>().notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  processedAt: timestamptz('processed_at'),
});

export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    /** e.g. extended_trial, bonus_seconds. */
    kind: text('kind').notNull(),
    trialDays: integer('trial_days'),
    bonusSeconds: doublePrecision('bonus_seconds'),
    expiresAt: timestamptz('expires_at'),
    /** Null = unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  // `update … set uses = uses + 1` fails once exhausted, so concurrent redemptions cannot overrun.
  (t) => [check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`)],
);

/** Every promo code a user sent, valid or not (so code has no foreign key). */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: id(),
    code: text('code').notNull(),
    userId: userRef('user_id').notNull(),
    /** Where the code came from (SPEC.md promo record "place"). */
    place: text('place'),
    /** e.g. applied, invalid, expired, already_used. */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_user_id_idx').on(t.userId), index('promo_redemptions_code_idx').on(t.code)],
);

// ---------------------------------------------------------------------------------------------------
// Voice catalogue (model manager)

export const models = pgTable('models', {
  /** Slug, e.g. 'sts-basic'. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerId: userRef('owner_id'),
  /** Parameters with their defaults. */
  params: jsonb('params').$type<{ [key: string]: JsonValue }>().notNull().default({}),
  m2o: boolean('m2o').notNull().default(false),
  visibility: visibilityEnum('visibility').notNull().default('public'),
  createdAt: createdAt(),
});

export const voices = pgTable(
  'voices',
  {
    id: id(),
    /** Null for catalogue voices; set for a user's private (custom) voice. */
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    visibility: visibilityEnum('visibility').notNull().default('public'),
    species: speciesEnum('species').notNull().default('human'),
    gender: genderEnum('gender'),
    /** Median fundamental frequency in Hz: sorting by pitch and the suggested shift from calibration. */
    pitch: doublePrecision('pitch'),
    ageGroup: ageGroupEnum('age_group'),
    pitchGroup: pitchGroupEnum('pitch_group'),
    active: boolean('active').notNull().default(true),
    /** Storage keys (or absolute URLs for external assets). */
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    bgImageKey: text('bg_image_key'),
    /** Plans (subscription categories) that include the voice. */
    tiers: text('tiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nationality: text('nationality'),
    voiceTalent: boolean('voice_talent').notNull().default(false),
    costMultiplier: doublePrecision('cost_multiplier').notNull().default(1),
    infoUrl: text('info_url'),
    contactUrl: text('contact_url'),
    category: text('category'),
    description: text('description'),
    /** The default order ("default" sort, wizard voices). */
    sortOrder: integer('sort_order').notNull().default(0),
    /** What the engine applies for this voice (server/audio/engine/types.ts; the catalogue's rows are checked at start). */
    enginePreset: jsonb('engine_preset')
      .$type<VoicePreset>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('voices_cost_multiplier_check', sql`${t.costMultiplier} > 0`),
    index('voices_owner_id_idx').on(t.ownerId),
    index('voices_visibility_active_idx').on(t.visibility, t.active),
  ],
);

export const accentInfos = pgTable(
  'accent_infos',
  {
    /** BCP 47 locale, e.g. 'en-US'. */
    locale: text('locale').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    country: text('country'),
    language: text('language').notNull(),
    flag: text('flag'),
    /** ISO 3166-1 alpha-2 code of the country, e.g. 'GB' (the UI draws the flag from it). */
    region: text('region').notNull(),
    /** The synthesiser's language/variant for this accent (e.g. eSpeak 'en-us'). */
    engineVoice: text('engine_voice'),
  },
  (t) => [check('accent_infos_region_check', sql`${t.region} ~ '^[A-Z]{2}$'`)],
);

export const voiceAccents = pgTable(
  'voice_accents',
  {
    id: text('id').notNull(),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => accentInfos.locale, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.voiceId, t.id] }),
    uniqueIndex('voice_accents_one_default_idx')
      .on(t.voiceId)
      .where(sql`${t.isDefault}`),
    index('voice_accents_locale_idx').on(t.locale),
  ],
);

export const narrationStyles = pgTable('narration_styles', {
  /** e.g. 'BASIC' (the default). */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** The delivery the engine applies for the style (rate, pitch range, energy, breathiness, pause scale). */
  enginePreset: jsonb('engine_preset')
    .$type<StylePreset>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

export const narrationStyleTagGroups = pgTable('narration_style_tag_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const narrationStyleTags = pgTable(
  'narration_style_tags',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => narrationStyleTagGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('narration_style_tags_group_id_idx').on(t.groupId)],
);

export const voiceNarrationStyles = pgTable(
  'voice_narration_styles',
  {
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    narrationStyleId: text('narration_style_id')
      .notNull()
      .references(() => narrationStyles.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.voiceId, t.narrationStyleId] }),
    uniqueIndex('voice_narration_styles_one_default_idx')
      .on(t.voiceId)
      .where(sql`${t.isDefault}`),
    index('voice_narration_styles_style_idx').on(t.narrationStyleId),
  ],
);

export const narrationStyleTagLinks = pgTable(
  'narration_style_tag_links',
  {
    narrationStyleId: text('narration_style_id')
      .notNull()
      .references(() => narrationStyles.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => narrationStyleTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.narrationStyleId, t.tagId] }),
    index('narration_style_tag_links_tag_idx').on(t.tagId),
  ],
);

export const voiceFavorites = pgTable(
  'voice_favorites',
  {
    userId: userRef('user_id').notNull(),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.voiceId] }), index('voice_favorites_voice_id_idx').on(t.voiceId)],
);

export const voiceAccentFavorites = pgTable(
  'voice_accent_favorites',
  {
    userId: userRef('user_id').notNull(),
    voiceId: uuid('voice_id').notNull(),
    accentId: text('accent_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.voiceId, t.accentId] }),
    foreignKey({
      name: 'voice_accent_favorites_accent_fk',
      columns: [t.voiceId, t.accentId],
      foreignColumns: [voiceAccents.voiceId, voiceAccents.id],
    }).onDelete('cascade'),
  ],
);

/** A user's saved settings per voice. accent_id is a voice_accents id of the same voice (checked in code). */
export const voiceSettings = pgTable(
  'voice_settings',
  {
    userId: userRef('user_id').notNull(),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    semitonesCorrection: real('semitones_correction').notNull().default(0),
    accentId: text('accent_id'),
    narrationStyleId: text('narration_style_id')
      .notNull()
      .default('BASIC')
      .references(() => narrationStyles.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.voiceId] }),
    check(
      'voice_settings_semitones_step_check',
      sql`${t.semitonesCorrection} * 2 = trunc(${t.semitonesCorrection} * 2)`,
    ),
  ],
);

export const ttsVoices = pgTable(
  'tts_voices',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** e.g. 'en'. */
    language: text('language').notNull(),
    /** e.g. 'en-US'. */
    locale: text('locale'),
    gender: genderEnum('gender'),
    /** The synthesiser's voice id (e.g. eSpeak 'en-us+f3'). */
    engineVoice: text('engine_voice').notNull(),
    voiceId: uuid('voice_id').references(() => voices.id, { onDelete: 'set null' }),
  },
  (t) => [index('tts_voices_language_idx').on(t.language)],
);

export const demoSets = pgTable(
  'demo_sets',
  {
    id: id(),
    language: text('language').notNull(),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text'),
    originalKey: text('original_key'),
    convertedKey: text('converted_key'),
    duration: doublePrecision('duration'),
  },
  (t) => [index('demo_sets_language_idx').on(t.language), index('demo_sets_voice_id_idx').on(t.voiceId)],
);

/**
 * The marketing site's samples (issue 13): a text the synthesiser speaks once (the original), converted by
 * the voice engine into one or more voices (showcase_renders). Reference data with natural keys ('hero',
 * 'narration', …); the rendered audio belongs to the engine and is kept across starts.
 */
export const showcaseSamples = pgTable('showcase_samples', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  language: text('language').notNull(),
  text: text('text').notNull(),
  /** The synthesiser's voice of the original (e.g. eSpeak 'en-us+m3'). */
  engineVoice: text('engine_voice').notNull(),
  originalKey: text('original_key'),
  duration: doublePrecision('duration'),
});

/** A showcase sample converted into one voice; converted_key is null until the engine has rendered it. */
export const showcaseRenders = pgTable(
  'showcase_renders',
  {
    sampleId: text('sample_id')
      .notNull()
      .references(() => showcaseSamples.id, { onDelete: 'cascade' }),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    convertedKey: text('converted_key'),
    duration: doublePrecision('duration'),
  },
  (t) => [primaryKey({ columns: [t.sampleId, t.voiceId] }), index('showcase_renders_voice_id_idx').on(t.voiceId)],
);

// ---------------------------------------------------------------------------------------------------
// Calibrations

export const calibrations = pgTable(
  'calibrations',
  {
    id: id(),
    ownerId: userRef('owner_id').notNull(),
    name: text('name').notNull(),
    status: calibrationStatusEnum('status').notNull().default('processing'),
    enabled: boolean('enabled').notNull().default(false),
    storageKey: text('storage_key'),
    duration: doublePrecision('duration'),
    /** Measured median pitch of the speaker, for the suggested pitch shift. */
    pitchHz: doublePrecision('pitch_hz'),
    /** The rest of what the analysis measured (F0 range, loudness, noise floor); null until calibrated. */
    profile: jsonb('profile').$type<CalibrationProfile>(),
    /**
     * A calibration made from the user's originals (POST /api/v3/calibration/auto): the recordings to
     * analyse, in order, instead of an uploaded file. No foreign key: a recording deleted meanwhile is skipped.
     */
    sourceRecordingIds: uuid('source_recording_ids').array(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    calibratedAt: timestamptz('calibrated_at'),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('calibrations_owner_id_created_at_idx').on(t.ownerId, t.createdAt),
    // Enabling one disables the previous one (same transaction); this makes two impossible.
    uniqueIndex('calibrations_one_enabled_idx')
      .on(t.ownerId)
      .where(sql`${t.enabled} and ${t.deletedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Projects, folders, recordings (marketplace)

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ownerId: userRef('owner_id').notNull(),
    name: text('name').notNull(),
    /** URL part of /{ownerName}/{projectSlug}; unique per owner among live projects. */
    slug: text('slug').notNull(),
    /** Model ids enabled for the project. */
    models: text('models')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastRecordingAt: timestamptz('last_recording_at'),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('projects_owner_slug_live_idx')
      .on(t.ownerId, t.slug)
      .where(sql`${t.deletedAt} is null`),
    // One index per sort of the projects list (SPEC.md section 2), over live projects, with the id that breaks
    // ties: a page is the index read in order (forwards or backwards) and stopped after offset + limit.
    // EXPLAIN (PostgreSQL 15, 10k projects, sort=name offset 5000):
    //   Index Only Scan using projects_live_name_idx on projects (rows=5040)  — no sort node.
    index('projects_live_updated_at_idx')
      .on(t.ownerId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_live_created_at_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('projects_live_last_recording_at_idx')
      .on(t.ownerId, t.lastRecordingAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('projects_live_name_idx')
      // name too, after the sort key: PostgreSQL reads an expression index alone (Index Only Scan) only when
      // the column under the expression is in it as well.
      .on(t.ownerId, sql`lower(${t.name})`, t.id, t.name)
      .where(sql`${t.deletedAt} is null`),
    // The projects list counts an owner's projects in its state filter on every page. The live states
    // (active, empty) are counted from projects_owner_slug_live_idx; this one counts the deleted filter from
    // the index alone, and stays as small as the number of soft-deleted projects.
    index('projects_owner_id_deleted_idx')
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * How many live and soft-deleted projects each owner has, kept by triggers on projects (migration
 * 0006_list-indexes): the projects list's total for those states is one row, not a count of every project
 * on every page (10k index entries, ~1.3 ms on PostgreSQL, per request).
 */
export const projectCounts = pgTable('project_counts', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  live: integer('live').notNull().default(0),
  deleted: integer('deleted').notNull().default(0),
});

export const folders = pgTable(
  'folders',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The folder list's sorts (label, updated_at, created_at: SPEC.md section 2) over live folders; created_at
    // is also the order of a project's folders in the projects list.
    index('folders_live_updated_at_idx')
      .on(t.projectId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('folders_live_created_at_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('folders_live_name_idx')
      .on(t.projectId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('folders_parent_id_idx').on(t.parentId),
  ],
);

/** What the user asked for in one POST /api/v2/orders: the conversions it created point back to it. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    ownerId: userRef('owner_id').notNull(),
    originalId: uuid('original_id')
      .notNull()
      .references((): AnyPgColumn => recordings.id, { onDelete: 'cascade' }),
    calibrationId: uuid('calibration_id').references(() => calibrations.id, { onDelete: 'set null' }),
    useCalibration: boolean('use_calibration').notNull().default(false),
    /** The requested conversions (voice, accent, narration style, semitones…) as sent. */
    conversions: jsonb('conversions').$type<JsonValue[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('orders_owner_id_idx').on(t.ownerId), index('orders_original_id_idx').on(t.originalId)],
);

/** Originals and conversions. Names of voice, accent, style, calibration are copied so history survives. */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    ownerId: userRef('owner_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentFolderId: uuid('parent_folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    /** The audio file in storage (WAV); null until written. url is derived from it. */
    storageKey: text('storage_key'),
    /** Waveform peaks JSON; waveform_url is derived from it. */
    waveformKey: text('waveform_key'),
    /** MP3 rendition for download. */
    mp3Key: text('mp3_key'),
    fileName: text('file_name'),
    label: text('label'),
    state: recordingStateEnum('state').notNull().default('queued'),
    type: recordingTypeEnum('type').notNull().default('original'),
    /** For a conversion: its original. */
    originalId: uuid('original_id').references((): AnyPgColumn => recordings.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    modelId: text('model_id').references(() => models.id, { onDelete: 'set null' }),
    microphone: text('microphone'),
    error: text('error'),
    active: boolean('active').notNull().default(true),
    size: bigint('size', { mode: 'number' }),
    starred: boolean('starred').notNull().default(false),
    tts: boolean('tts').notNull().default(false),
    ttsVoice: text('tts_voice'),
    ttsVoiceId: text('tts_voice_id').references(() => ttsVoices.id, { onDelete: 'set null' }),
    text: text('text'),
    textLanguage: text('text_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    convertedAt: timestamptz('converted_at'),
    params: jsonb('params').$type<RecordingParams>().notNull().default({}),
    /** Seconds. */
    duration: doublePrecision('duration'),
    calibrationId: uuid('calibration_id').references(() => calibrations.id, { onDelete: 'set null' }),
    calibrationValue: doublePrecision('calibration_value'),
    calibrationName: text('calibration_name'),
    /** "current/total" chunk progress while processing. */
    processStage: text('process_stage'),
    voiceId: uuid('voice_id').references(() => voices.id, { onDelete: 'set null' }),
    voiceName: text('voice_name'),
    voiceTalent: boolean('voice_talent').notNull().default(false),
    semitonesCorrection: real('semitones_correction'),
    accentId: text('accent_id'),
    accentName: text('accent_name'),
    narrationStyleId: text('narration_style_id').references(() => narrationStyles.id, { onDelete: 'set null' }),
    narrationStyleName: text('narration_style_name'),
    moderationStatus: moderationStatusEnum('moderation_status'),
    moderation: jsonb('moderation').$type<ModerationResult>(),
    /** Originals: live conversions of this original (kept in step with inserts and deletes). */
    conversionsCount: integer('conversions_count').notNull().default(0),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('recordings_parent_folder_id_created_at_idx').on(t.parentFolderId, t.createdAt),
    // A folder's originals in each sort of the list (created_at, updated_at, label), and an original's
    // conversions by updated_at: live rows only, the id breaking ties.
    index('recordings_live_originals_created_at_idx')
      .on(t.parentFolderId, t.createdAt, t.id)
      .where(sql`${t.type} = 'original' and ${t.deletedAt} is null`),
    index('recordings_live_originals_updated_at_idx')
      .on(t.parentFolderId, t.updatedAt, t.id)
      .where(sql`${t.type} = 'original' and ${t.deletedAt} is null`),
    index('recordings_live_originals_label_idx')
      .on(t.parentFolderId, sql`lower(${t.label})`, t.id)
      .where(sql`${t.type} = 'original' and ${t.deletedAt} is null`),
    index('recordings_live_conversions_updated_at_idx')
      .on(t.originalId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Project statistics (the projects list's every row) from the index alone.
    index('recordings_live_project_stats_idx')
      .on(t.projectId, t.type, t.duration, t.size, t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    index('recordings_original_id_idx').on(t.originalId),
    index('recordings_owner_id_idx').on(t.ownerId),
    index('recordings_project_id_idx').on(t.projectId),
    index('recordings_voice_id_idx').on(t.voiceId),
    check(
      'recordings_semitones_step_check',
      sql`${t.semitonesCorrection} is null or ${t.semitonesCorrection} * 2 = trunc(${t.semitonesCorrection} * 2)`,
    ),
    check('recordings_conversion_has_original_check', sql`(${t.type} = 'conversion') = (${t.originalId} is not null)`),
    check('recordings_conversions_count_check', sql`${t.conversionsCount} >= 0`),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: id(),
    recordingId: uuid('recording_id')
      .notNull()
      .unique()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    ownerId: userRef('owner_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_owner_id_idx').on(t.ownerId)],
);

export const conversionIssues = pgTable(
  'conversion_issues',
  {
    id: id(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    ownerId: userRef('owner_id').notNull(),
    description: text('description').notNull(),
    status: reportStatusEnum('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversion_issues_recording_id_idx').on(t.recordingId),
    index('conversion_issues_owner_id_idx').on(t.ownerId),
    index('conversion_issues_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** One row per TTS request, for the daily request limit (default 100 a day). */
export const ttsRequests = pgTable(
  'tts_requests',
  {
    id: id(),
    userId: userRef('user_id').notNull(),
    characters: integer('characters').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tts_requests_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------
// Files, jobs, events

/** Registry of every stored object, so a sweeper can find orphans (owner gone or unreferenced). */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    /** e.g. recording, waveform, mp3, calibration, voice_image, feedback, export. */
    kind: text('kind'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_id_idx').on(t.ownerId)],
);

/** The durable queue: workers claim with `FOR UPDATE SKIP LOCKED` on (state, run_at). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. convert, tts, calibrate, waveform, email, export. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<{ [key: string]: JsonValue }>().notNull().default({}),
    state: jobStateEnum('state').notNull().default('queued'),
    /** Higher runs first. */
    priority: integer('priority').notNull().default(0),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** Whose work it is (queue position, cancel); null for system jobs. */
    userId: userRef('user_id'),
    /** At most one queued or running job per key (e.g. 'convert:<recording id>'). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
    index('jobs_running_locked_until_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_user_id_idx').on(t.userId),
    uniqueIndex('jobs_dedupe_key_active_idx')
      .on(t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);

/** Real-time event log: the id is what a reconnecting client resumes from. */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id').notNull(),
    /** e.g. conversion.finished, credits.updated2, user.session_end. */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<JsonValue>().notNull().default({}),
    /** For *.notification events: how the toast is shown. */
    severity: notificationSeverityEnum('severity'),
    createdAt: createdAt(),
  },
  (t) => [index('events_user_id_id_idx').on(t.userId, t.id), index('events_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------
// Analytics, feedback, surveys

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    distinctId: text('distinct_id'),
    event: text('event').notNull(),
    properties: jsonb('properties').$type<{ [key: string]: JsonValue }>().notNull().default({}),
    page: text('page'),
    origin: text('origin'),
    signedIn: boolean('signed_in').notNull().default(false),
    /** 'app' (POST /api/v3/events) or 'google' (POST /api/v3/events/google). */
    source: text('source').notNull().default('app'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tracking_events_source_check', sql`${t.source} in ('app', 'google')`),
    index('tracking_events_created_at_idx').on(t.createdAt),
    index('tracking_events_user_id_idx').on(t.userId),
    // A guest's events join their account's by the analytics id (the admin's view of a user's activity).
    index('tracking_events_distinct_id_idx').on(t.distinctId),
  ],
);

/**
 * One rule of a feature flag: the value served to the users it targets (by id, by plan, or both: a user
 * matching either list), tried in order before the flag's default (issue 19; SPEC.md section 6).
 */
export interface FeatureFlagRule {
  id: string;
  user_ids?: string[];
  /** Plan names as the user's subscription_category carries them (e.g. "Pro"), or "trial" / "none". */
  plans?: string[];
  value: JsonValue;
}

/**
 * The embedded feature-flag service (issue 19): the flags GrowthBook's SDK evaluates, served as its features
 * payload for the client key; admins edit them. GROWTHBOOK_API_HOST points the SDK at a real GrowthBook instead.
 */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  defaultValue: jsonb('default_value').$type<JsonValue>().notNull(),
  rules: jsonb('rules').$type<FeatureFlagRule[]>().notNull().default([]),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * Error reports received by the embedded error-reporting service (the Sentry tunnel, issue 19), grouped by
 * fingerprint (type, message, top frame, release, environment): one row per kind of error, with its count.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: id(),
    fingerprint: text('fingerprint').notNull(),
    /** 'browser' (the app, @sentry/react) or 'server' (@sentry/node). */
    platform: text('platform').notNull(),
    type: text('type'),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route'),
    release: text('release'),
    environment: text('environment'),
    level: text('level').notNull().default('error'),
    lastEventId: text('last_event_id'),
    lastUserId: uuid('last_user_id').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull().default(1),
    firstSeen: timestamptz('first_seen').notNull().defaultNow(),
    lastSeen: timestamptz('last_seen').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('error_reports_fingerprint_idx').on(t.fingerprint),
    index('error_reports_last_seen_idx').on(t.lastSeen),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    topic: text('topic'),
    name: text('name'),
    email: text('email'),
    description: text('description').notNull(),
    status: reportStatusEnum('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt), index('feedback_user_id_idx').on(t.userId)],
);

/**
 * Every change an admin makes (trust level, Custom plan, a report's status): who, what, to whom, when,
 * and the value before and after. Rows are never updated; a removed admin or user keeps the row (set null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. user.trust_level, user.custom_plan, report.status. */
    action: text('action').notNull(),
    /** The user the change is about (the report's sender for a report). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<JsonValue>(),
    after: jsonb('after').$type<JsonValue>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_target_user_id_created_at_idx').on(t.targetUserId, t.createdAt),
  ],
);

export const feedbackFiles = pgTable(
  'feedback_files',
  {
    id: id(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [index('feedback_files_feedback_id_idx').on(t.feedbackId)],
);

export const npsResponses = pgTable(
  'nps_responses',
  {
    id: id(),
    userId: userRef('user_id').notNull(),
    score: smallint('score').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('nps_responses_score_check', sql`${t.score} between 0 and 10`),
    index('nps_responses_user_id_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Row types

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type Credits = typeof credits.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionPrice = typeof subscriptionPrices.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type Folder = typeof folders.$inferSelect;
export type NewFolder = typeof folders.$inferInsert;
export type Recording = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert;
export type Note = typeof notes.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Calibration = typeof calibrations.$inferSelect;
export type NewCalibration = typeof calibrations.$inferInsert;
export type Voice = typeof voices.$inferSelect;
export type NewVoice = typeof voices.$inferInsert;
export type VoiceAccent = typeof voiceAccents.$inferSelect;
export type AccentInfo = typeof accentInfos.$inferSelect;
export type NarrationStyle = typeof narrationStyles.$inferSelect;
export type VoiceSetting = typeof voiceSettings.$inferSelect;
export type Model = typeof models.$inferSelect;
export type TtsVoice = typeof ttsVoices.$inferSelect;
export type DemoSet = typeof demoSets.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type Event = typeof events.$inferSelect;
export type StoredFile = typeof files.$inferSelect;
