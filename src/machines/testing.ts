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
