import type { components as Auth } from '../../../openapi/generated/auth.js';
import type { components as Marketplace } from '../../../openapi/generated/marketplace.js';
import type { components as Models } from '../../../openapi/generated/models.js';

/**
 * One set of fixtures for tests and stories, typed from the contracts' schemas (never cast): each factory
 * answers a whole resource as the service does, with fixed ids and dates, and takes what a test cares
 * about as overrides.
 */

type User = Auth['schemas']['User'];
type Credits = Auth['schemas']['Credits'];
type Price = Auth['schemas']['SubscriptionPrice'];
type CurrentPlan = Auth['schemas']['CurrentPlan'];
type Subscriptions = Auth['schemas']['Subscriptions'];
type Calibration = Auth['schemas']['Calibration'];
type Voice = Models['schemas']['Voice'];
type VoiceAccent = Models['schemas']['VoiceAccent'];
type NearestVoice = Models['schemas']['NearestVoice'];
type VoiceNarrationStyle = Models['schemas']['VoiceNarrationStyle'];
type Model = Models['schemas']['Model'];
type Project = Marketplace['schemas']['Project'];
type Folder = Marketplace['schemas']['Folder'];
type Recording = Marketplace['schemas']['Recording'];
type RecordingState = Marketplace['schemas']['RecordingState'];

/** The n-th fixed id: 00000000-0000-4000-8000-00000000000n. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A fixed instant on the n-th of January 2026, 10:30 UTC. */
export const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10, 30)).toISOString();

/** Shapes a user the way the auth service answers, for tests and stories. */
export function testUser(
  overrides: {
    verified?: boolean;
    wizard?: Partial<User['data']['demo_wizard']>;
    stripe?: Partial<User['data']['stripe']>;
    first_name?: string;
    profession?: string | null;
    /** When the user accepted the acceptable use policy (POST /api/v3/tou); null: not yet (a new user). */
    touAcceptedAt?: string | null;
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
      tou_accepted_at: overrides.touAcceptedAt === undefined ? day(2) : overrides.touAcceptedAt,
    },
  };
}

/** Credits as GET /api/v3/credits answers them: `seconds` of plan time and `chars` characters left of full. */
export function testCredits(overrides: Partial<Credits> & { seconds?: number; chars?: number } = {}): Credits {
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

/** One price as the auth service answers it; what is left out is a monthly subscription with no allowance. */
export function makePrice(price: Partial<Price> & Pick<Price, 'id' | 'category' | 'amount'>): Price {
  return {
    interval: 'month',
    name: price.id,
    currency: 'usd',
    mode: 'subscription',
    minutes: 0,
    tts_chars: 0,
    ...price,
  };
}

const ttsTier = (label: string, chars: number, monthCents: number) =>
  (['month', 'year'] as const).map((interval) =>
    makePrice({
      id: `tts-${label}-${interval}`,
      name: `TTS Only ${label}`,
      category: 'tts_only',
      interval,
      amount: interval === 'month' ? monthCents : monthCents * 10,
      tts_chars: interval === 'month' ? chars : chars * 12,
    }),
  );

/** The price list as the server seeds it (server/billing/prices.ts), for tests and stories. */
export const TEST_PRICES: Price[] = [
  makePrice({
    id: 'creator-month',
    name: 'Creator',
    category: 'creator',
    amount: 199_00,
    minutes: 120,
    tts_chars: 100_000,
  }),
  makePrice({
    id: 'creator-year',
    name: 'Creator',
    category: 'creator',
    amount: 1999_00,
    interval: 'year',
    minutes: 1440,
    tts_chars: 1_200_000,
  }),
  makePrice({
    id: 'power-pro-month',
    name: 'Power (pro)',
    category: 'power',
    amount: 499_00,
    minutes: 600,
    tts_chars: 500_000,
  }),
  makePrice({
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
  makePrice({
    id: 'per-minute',
    name: 'Per Minute',
    category: 'per_minute',
    amount: 9,
    mode: 'metered',
    tts_chars: 100_000,
  }),
  ...[5, 16, 30, 100, 500].map((minutes) =>
    makePrice({
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
export function testSubscriptions(current: Partial<CurrentPlan> | null = {}): Subscriptions {
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

/** One page of a list as every paged route answers it: all of `items`, from the start. */
export function makePage<T>(items: T[], extra: { total?: number; offset?: number; limit?: number } = {}) {
  return { items, total: items.length, offset: 0, limit: 40, ...extra };
}

/** A voice's accent as the model manager lists it (not a favourite). */
export function makeAccent(locale: string, name: string, shortName: string, isDefault = false): VoiceAccent {
  return {
    id: locale,
    info: { name, short_name: shortName },
    is_default: isDefault,
    settings: { favorite: false },
    locale,
  };
}

/** The narration style every voice has. */
export const BASIC_STYLE: VoiceNarrationStyle = { id: 'BASIC', info: { name: 'Basic' }, is_default: true, tags: [] };

/** A second narration style, tagged calm. */
export const WARM_STYLE: VoiceNarrationStyle = {
  id: 'WARM',
  info: { name: 'Warm' },
  is_default: false,
  tags: ['calm'],
};

/**
 * The n-th voice of the catalogue: a public, available human voice, American English by default with
 * British English too, and the Basic and Warm styles; its pitch and creation day follow n.
 */
export function makeVoice(n: number, name: string, extra: Partial<Voice> = {}): Voice {
  return {
    id: uuid(n),
    owner_id: null,
    name,
    visibility: 'public',
    species: 'human',
    gender: 'female',
    pitch: 100 + n * 10,
    age_group: 'adult',
    pitch_group: 'medium',
    active: true,
    created_at: day(n),
    favorite: false,
    available: true,
    accents: [makeAccent('en-US', 'American English', 'US', true), makeAccent('en-GB', 'British English', 'UK')],
    narration_styles: [BASIC_STYLE, WARM_STYLE],
    image_url: null,
    thumbnail_url: null,
    bg_image_url: null,
    tiers: [],
    nationality: 'American',
    voice_talent: false,
    cost_multiplier: 1,
    info_url: null,
    contact_url: null,
    category: 'narration',
    description: null,
    settings: null,
    ...extra,
  };
}

/**
 * The n-th catalogue voice as the pitch tool's nearest-voices answer shows it: its pitch in Hz, how far it is
 * from `askedHz` in semitones (as the server rounds it) and, when `demoUrl` is given, an English demo.
 */
export function makeNearestVoice(
  n: number,
  name: string,
  pitch: number,
  askedHz: number,
  demoUrl?: string,
): NearestVoice {
  return {
    id: uuid(n),
    name,
    gender: 'female',
    age_group: 'adult',
    pitch,
    semitones: Math.round(120 * Math.log2(pitch / askedHz)) / 10,
    thumbnail_url: null,
    demo: demoUrl ? { url: demoUrl, duration: 3, language: 'en', title: 'Hello' } : null,
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'project';

/** The n-th project of ada's studio, named `name` (its slug and URL follow), with n originals. */
export function makeProject(n: number, name: string, extra: Partial<Project> = {}): Project {
  return {
    id: uuid(n),
    owner: uuid(999),
    owner_name: 'ada',
    name,
    slug: slug(name),
    url: `/ada/${slug(name)}`,
    created_at: day(n),
    updated_at: day(n),
    last_recording_at: day(n + 1),
    deleted_at: null,
    folders: [],
    stats: { folders: 0, originals: n, conversions: 0, duration: 0, size: n * 1_048_576 },
    models: [],
    ...extra,
  };
}

/** The n-th folder of a project, holding `originals` six-second originals. */
export function makeFolder(n: number, projectId: string, name: string, originals = 0): Folder {
  return {
    id: uuid(100 + n),
    project_id: projectId,
    name,
    parent_id: null,
    active: true,
    recordings: [],
    stats: { originals, conversions: 0, duration: originals * 6, size: originals * 96_044 },
    created_at: day(n),
    updated_at: day(n),
  };
}

/** A recording as the marketplace stores it: by default a finished original in project 3's folder 103. */
export function makeRecording(extra: Partial<Recording> = {}): Recording {
  return {
    id: uuid(200),
    project_id: uuid(3),
    parent_folder_id: uuid(103),
    url: null,
    waveform_url: null,
    file_name: 'take.wav',
    label: 'Welcome take',
    state: 'done',
    type: 'original',
    original_id: null,
    model_id: null,
    microphone: null,
    error: null,
    active: true,
    size: 96_044,
    starred: false,
    tts: false,
    tts_voice: null,
    tts_voice_id: null,
    text: null,
    text_language: null,
    created_at: day(1),
    updated_at: day(1),
    converted_at: null,
    params: null,
    duration: 4,
    calibration_id: null,
    calibration_value: null,
    calibration_name: null,
    process_stage: null,
    voice_id: null,
    voice_name: null,
    voice_talent: null,
    semitones_correction: 0,
    accent_id: null,
    accent_name: null,
    narration_style_id: null,
    narration_style_name: null,
    moderation: null,
    conversions_count: 0,
    ...extra,
  };
}

/**
 * The n-th conversion of `original` into the voice `voiceName` (voice n), in `state`: a finished one has
 * the original's audio, one in progress its stage.
 */
export function makeConversion(
  n: number,
  original: Recording,
  voiceName: string,
  state: RecordingState,
  extra: Partial<Recording> = {},
): Recording {
  return makeRecording({
    id: uuid(300 + n),
    project_id: original.project_id,
    parent_folder_id: original.parent_folder_id,
    type: 'conversion',
    original_id: original.id,
    label: `${original.label} ${voiceName}`,
    file_name: `${original.label} ${voiceName}.wav`,
    state,
    url: state === 'done' ? original.url : null,
    waveform_url: state === 'done' ? original.waveform_url : null,
    process_stage: state === 'done' ? null : state === 'queued' ? '0' : '3/10',
    voice_id: uuid(n),
    voice_name: voiceName,
    voice_talent: false,
    semitones_correction: 2,
    accent_id: 'en-US',
    accent_name: 'American English',
    narration_style_id: 'BASIC',
    narration_style_name: 'Basic',
    created_at: day(2),
    updated_at: day(2 + n),
    converted_at: state === 'done' ? day(2 + n) : null,
    ...extra,
  });
}

/** The n-th calibration of ada, named `name`: calibrated (not enabled) unless told otherwise, with its recording. */
export function makeCalibration(n: number, name: string, extra: Partial<Calibration> = {}): Calibration {
  const status = extra.status ?? 'calibrated';
  return {
    id: uuid(700 + n),
    name,
    status,
    enabled: false,
    created_at: day(n),
    calibrated_at: status === 'calibrated' ? day(n) : null,
    url: `/files/calibrations/${uuid(700 + n)}/audio.wav?token=t${n}`,
    duration: 42,
    ...extra,
  };
}

/** A conversion model of the catalogue (no owner), usable unless `user_can_use_model` says otherwise. */
export function makeModel(n: number, name: string, extra: Partial<Model> = {}): Model {
  return {
    id: uuid(900 + n),
    name,
    owner: null,
    params: { semitones: { type: 'number', default: 0, min: -24, max: 24, step: 0.5 } },
    m2o: true,
    visibility: 'public',
    user_can_use_model: true,
    ...extra,
  };
}
