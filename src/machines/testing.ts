import type { components } from '../../openapi/generated/auth.js';
import type { User } from './session-flags.ts';

/** Shapes a user the way the auth service answers, for tests and stories. */
export function testUser(
  overrides: {
    verified?: boolean;
    wizard?: Partial<User['data']['demo_wizard']>;
    stripe?: Partial<User['data']['stripe']>;
    first_name?: string;
    profession?: string | null;
  } = {},
): User {
  return {
    id: '5b0f4c36-8c51-4d8e-9d4a-0d7c1e4f1a21',
    username: 'ada',
    email: 'ada@example.com',
    first_name: overrides.first_name ?? 'Ada',
    last_name: 'Lovelace',
    groups: [],
    roles: ['user'],
    verified: overrides.verified ?? true,
    t_level: 0,
    profession: overrides.profession ?? null,
    industry: null,
    data: {
      calibration: false,
      download: 'wav',
      advanced_settings: { normalize: true, denormalize: false, denoise: false, hft: false, emotional_scale: 0.5 },
      promo: null,
      stripe: {
        subscription_status: null,
        trial: false,
        trial_used: false,
        subscription_category: null,
        subscription_interval: null,
        ...overrides.stripe,
      },
      credit_limit: null,
      permissions: { can_write: true, long_conversions: false, download: false },
      local_storage: {},
      demo_wizard: { show: true, completed: false, skipped: false, ignoreWizard: true, ...overrides.wizard },
    },
  };
}

type AuthSchemas = components['schemas'];

/** Credits as GET /api/v3/credits answers them: `seconds` of plan time and `chars` characters left of full. */
export function testCredits(
  overrides: Partial<AuthSchemas['Credits']> & { seconds?: number; chars?: number } = {},
): AuthSchemas['Credits'] {
  const { seconds = 600, chars = 500, ...rest } = overrides;
  return {
    subscription_seconds: seconds,
    initial_subscription_seconds: seconds,
    bought_credits: 0,
    initial_bought_credits: 0,
    available_seconds: seconds,
    tts_current: 0,
    tts_limit: 100,
    initial_tts_chars: chars,
    tts_chars: chars,
    ...rest,
  };
}

const testPrice = (
  price: Pick<AuthSchemas['SubscriptionPrice'], 'id' | 'name' | 'category' | 'amount'> &
    Partial<AuthSchemas['SubscriptionPrice']>,
): AuthSchemas['SubscriptionPrice'] => ({
  interval: 'month',
  currency: 'usd',
  mode: 'subscription',
  minutes: 0,
  tts_chars: 0,
  ...price,
});

const ttsTier = (label: string, chars: number, monthCents: number) =>
  (['month', 'year'] as const).map((interval) =>
    testPrice({
      id: `tts-${label}-${interval}`,
      name: `TTS Only ${label}`,
      category: 'tts_only',
      interval,
      amount: interval === 'month' ? monthCents : monthCents * 10,
      tts_chars: interval === 'month' ? chars : chars * 12,
    }),
  );

/** The price list as the server seeds it (server/billing/prices.ts), for tests and stories. */
export const TEST_PRICES: AuthSchemas['SubscriptionPrice'][] = [
  testPrice({
    id: 'creator-month',
    name: 'Creator',
    category: 'creator',
    amount: 199_00,
    minutes: 120,
    tts_chars: 100_000,
  }),
  testPrice({
    id: 'creator-year',
    name: 'Creator',
    category: 'creator',
    amount: 1999_00,
    interval: 'year',
    minutes: 1440,
    tts_chars: 1_200_000,
  }),
  testPrice({
    id: 'power-pro-month',
    name: 'Power (pro)',
    category: 'power',
    amount: 499_00,
    minutes: 600,
    tts_chars: 500_000,
  }),
  testPrice({
    id: 'power-pro-year',
    name: 'Power (pro)',
    category: 'power',
    amount: 4999_00,
    interval: 'year',
    minutes: 7200,
    tts_chars: 6_000_000,
  }),
  ...ttsTier('30k', 30_000, 5_00),
  ...ttsTier('100k', 100_000, 22_00),
  ...ttsTier('500k', 500_000, 99_00),
  ...ttsTier('2m', 2_000_000, 330_00),
  ...ttsTier('10m', 10_000_000, 1320_00),
  testPrice({
    id: 'per-minute',
    name: 'Per Minute',
    category: 'per_minute',
    amount: 9,
    mode: 'metered',
    tts_chars: 100_000,
  }),
  ...[5, 16, 30, 100, 500].map((minutes) =>
    testPrice({
      id: `credits-${minutes}-min`,
      name: `${minutes} minutes of credits`,
      category: 'pay_as_you_go',
      interval: null,
      mode: 'payment',
      minutes,
      amount: Math.max(29_00, minutes * 60 * 9),
    }),
  ),
];

/** GET /api/v3/subscriptions's answer for a user on `current` (null: a guest). */
export function testSubscriptions(
  current: Partial<AuthSchemas['CurrentPlan']> | null = {},
): AuthSchemas['Subscriptions'] {
  return {
    prices: TEST_PRICES,
    active_price_id: current?.price?.id ?? null,
    current: current && {
      status: null,
      trial: false,
      trial_used: false,
      trial_ends_at: null,
      price: null,
      current_period_end: null,
      cancel_at_period_end: false,
      revenue_confirmed: false,
      metered_seconds: 0,
      ...current,
    },
  };
}
