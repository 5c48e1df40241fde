import type { UpgradeReason } from '../../../shared/upgrade-reason.ts';
import type { MessageId } from '../../../i18n/index.ts';

/** The plan page every prompt leads to, and its credit packs. */
export const PLAN_PAGE = '/account/plan';
export const CREDITS_PAGE = '/account/plan#credits';

/** What the prompt for a reason says and where its main button leads (SPEC.md section 8). */
export interface UpgradeText {
  titleId: MessageId;
  /** The body; `bodyNamedId` when the opener named the voice or accent. */
  bodyId: MessageId;
  bodyNamedId?: MessageId;
  buttonId: MessageId;
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
