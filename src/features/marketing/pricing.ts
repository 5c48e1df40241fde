/** Plan prices and limits of SPEC.md section 9, in cents and seconds. */
export type BillingInterval = 'month' | 'year';

export interface Plan {
  id: 'standard' | 'pro';
  /** Price per interval, in cents. */
  price: Record<BillingInterval, number>;
  /** Minutes of voice conversion included. */
  minutes: number;
}

export const PLANS: readonly Plan[] = [
  { id: 'standard', price: { month: 199_00, year: 1999_00 }, minutes: 120 },
  { id: 'pro', price: { month: 499_00, year: 4999_00 }, minutes: 600 },
];

/** Pay As You Go: the per-second price, the smallest purchase, the credit packs in minutes. */
export const PER_SECOND_PRICE = 9; // cents
export const MINIMUM_PURCHASE = 29_00; // cents
export const CREDIT_PACK_MINUTES = [5, 16, 30, 100, 500] as const;
/** TTS Only tiers, in characters; each billed monthly or yearly. */
export const TTS_TIERS = [30_000, 100_000, 500_000, 2_000_000, 10_000_000] as const;
/** Standard and Pro are for customers with annual revenue under this amount (dollars). */
export const REVENUE_LIMIT = 1_000_000;

export const TRIAL_DAYS = 3;
export const LIMITS = {
  trialRecordingSeconds: 30,
  paidRecordingSeconds: 3600,
  trialTtsCharacters: 500,
  paidTtsCharacters: 10_000,
  dailyTtsRequests: 100,
  maxFiles: 100,
  maxFileBytes: 1_073_741_824,
} as const;

/** What a year costs against twelve months, as a whole percentage rounded down (never overstated). */
export function yearlySavingPercent(plan: Plan): number {
  const twelveMonths = plan.price.month * 12;
  return Math.floor(((twelveMonths - plan.price.year) / twelveMonths) * 100);
}

/** The best yearly saving across plans, for the toggle's "save up to" hint. */
export function bestYearlySavingPercent(plans: readonly Plan[] = PLANS): number {
  return Math.max(0, ...plans.map(yearlySavingPercent));
}

/** Reads the billing interval from a URL search parameter; anything but 'year' is monthly. */
export function parseInterval(value: string | null): BillingInterval {
  return value === 'year' ? 'year' : 'month';
}
