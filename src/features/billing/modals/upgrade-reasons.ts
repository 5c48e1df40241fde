import type { components } from '../../../../openapi/generated/marketplace.js';

/** Why an upgrade prompt opens (SPEC.md section 2's reasons; the 402 answers carry one). */
export type UpgradeReason = components['schemas']['UpgradeReason'];

/** Every reason of SPEC.md section 2, in its order. */
export const UPGRADE_REASONS = [
  'download',
  'trial_expired',
  'out_of_minutes',
  'out_of_credits',
  'out_of_characters',
  'voice',
  'accent',
  'unlock_sts',
] as const satisfies readonly UpgradeReason[];

/** The plan page every prompt leads to, and its credit packs. */
export const PLAN_PAGE = '/account/plan';
export const CREDITS_PAGE = '/account/plan#credits';

const known = new Set<string>(UPGRADE_REASONS);

/** The reason to explain: a known one as it is; none, or one this client does not know, is the expired trial (SPEC.md section 8's default). */
export function upgradeReasonOf(value: unknown): UpgradeReason {
  return typeof value === 'string' && known.has(value) ? (value as UpgradeReason) : 'trial_expired';
}

/** What the prompt for a reason says and where its main button leads (SPEC.md section 8). */
export interface UpgradeText {
  titleId: string;
  /** The body; `bodyNamedId` when the opener named the voice or accent. */
  bodyId: string;
  bodyNamedId?: string;
  buttonId: string;
  href: string;
}

/** SPEC.md section 8: each reason's title, text and button; out of credits buys credits, the rest upgrade. */
export function upgradeText(reason: UpgradeReason): UpgradeText {
  const named = reason === 'voice' || reason === 'accent';
  const credits = reason === 'out_of_credits';
  return {
    titleId: `billing.upgrade.${reason}.title`,
    bodyId: `billing.upgrade.${reason}.body`,
    ...(named ? { bodyNamedId: `billing.upgrade.${reason}.bodyNamed` } : {}),
    buttonId: credits ? 'billing.upgrade.buyCredits' : 'billing.upgrade.button',
    href: credits ? CREDITS_PAGE : PLAN_PAGE,
  };
}
