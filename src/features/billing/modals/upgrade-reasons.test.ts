import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import {
  knownUpgradeReason as upgradeReasonOf,
  UPGRADE_REASONS,
  type UpgradeReason,
} from '../../../shared/upgrade-reason.ts';
import { upgradeText } from './upgrade-reasons.ts';

const messages: Record<string, string> = en;

/** SPEC.md section 8's titles, word for word. */
const SPEC_TITLES: Record<UpgradeReason, string> = {
  trial_expired: 'Trial Plan Expired? Upgrade Now!',
  download: 'Unlock Download Feature',
  voice: 'Unlock Extra Voice',
  accent: 'Discover New Accent!',
  out_of_minutes: 'Out of Minutes? Upgrade for More!',
  out_of_credits: 'Out of Credits! Upgrade Now',
  out_of_characters: 'Out of Characters! Upgrade Now',
  unlock_sts: 'Unlock STS Conversions',
};

describe('upgrade prompt texts', () => {
  it.each(UPGRADE_REASONS)('%s has SPEC.md’s title, a text and a button', (reason) => {
    const text = upgradeText(reason);
    expect(messages[text.titleId]).toBe(SPEC_TITLES[reason]);
    expect(messages[text.bodyId]).toBeTruthy();
    if (text.bodyNamedId) expect(messages[text.bodyNamedId]).toContain('{name}');
    expect(messages[text.buttonId]).toBeTruthy();
  });

  it('gives SPEC.md’s texts and buttons where it has them', () => {
    expect(messages[upgradeText('trial_expired').bodyId]).toBe(
      'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    );
    expect(messages[upgradeText('download').bodyId]).toBe('Upgrade from Trial to access the download feature.');
    expect(messages[upgradeText('unlock_sts').bodyId]).toBe(
      "STS conversions aren't included in this plan. Upgrade to enable this feature.",
    );
    expect(messages[upgradeText('trial_expired').buttonId]).toBe('Upgrade plan');
    expect(messages[upgradeText('out_of_credits').buttonId]).toBe('Buy Credits');
  });

  it('leads to the plan page, and out of credits to its credit packs', () => {
    for (const reason of UPGRADE_REASONS) {
      expect(upgradeText(reason).href).toBe(reason === 'out_of_credits' ? '/account/plan#credits' : '/account/plan');
    }
  });

  it('gives out of characters its own text, not the expired trial’s', () => {
    expect(upgradeText('out_of_characters').bodyId).not.toBe(upgradeText('trial_expired').bodyId);
  });

  it('reads no reason, or an unknown one, as the expired trial', () => {
    expect(upgradeReasonOf(undefined)).toBe('trial_expired');
    expect(upgradeReasonOf('refund')).toBe('trial_expired');
    expect(upgradeReasonOf(42)).toBe('trial_expired');
    for (const reason of UPGRADE_REASONS) expect(upgradeReasonOf(reason)).toBe(reason);
  });
});
