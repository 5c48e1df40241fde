import { describe, expect, it } from 'vitest';
import {
  authFlags,
  isAuthenticated,
  isSubscribed,
  isTrial,
  isTrialExpired,
  isVerified,
  needsWizard,
  statusOfUser,
} from './session-flags.ts';
import { testUser } from '../api/testing/index.ts';

describe('auth state flags (SPEC.md sections 3 and 4)', () => {
  it('isAuthenticated and verified', () => {
    expect(isAuthenticated(null)).toBe(false);
    expect(isAuthenticated(testUser())).toBe(true);
    expect(isVerified(null)).toBe(false);
    expect(isVerified(testUser({ verified: false }))).toBe(false);
    expect(isVerified(testUser({ verified: true }))).toBe(true);
  });

  it.each([
    // status, trial, trial_used, isTrial, isTrialExpired, subscribed
    [null, false, false, false, false, false],
    ['trialing', true, true, true, false, false],
    ['trialing', false, true, false, true, false],
    [null, false, true, false, true, false],
    ['active', false, true, false, false, true],
    ['unpaid', false, true, false, true, false],
    ['incomplete', false, false, false, false, false],
  ] as const)('status %s, trial %s, trial used %s', (status, trial, used, trialFlag, expired, subscribed) => {
    const user = testUser({ stripe: { subscription_status: status, trial, trial_used: used } });
    expect(isTrial(user)).toBe(trialFlag);
    expect(isTrialExpired(user)).toBe(expired);
    expect(isSubscribed(user)).toBe(subscribed);
  });

  it('nobody signed in is neither on trial nor expired', () => {
    expect(authFlags(null)).toEqual({ isAuthenticated: false, verified: false, isTrial: false, isTrialExpired: false });
  });

  it('the wizard is needed until it is completed, skipped or ignored', () => {
    const off = { completed: false, skipped: false, ignoreWizard: false };
    expect(needsWizard(testUser({ wizard: off }))).toBe(true);
    expect(needsWizard(testUser({ wizard: { ...off, completed: true } }))).toBe(false);
    expect(needsWizard(testUser({ wizard: { ...off, skipped: true } }))).toBe(false);
    expect(needsWizard(testUser({ wizard: { ...off, ignoreWizard: true } }))).toBe(false);
    expect(needsWizard(null)).toBe(false);
  });

  it('statusOfUser: unverified first, then the wizard, then verified', () => {
    const inWizard = { ignoreWizard: false };
    expect(statusOfUser(testUser({ verified: false, wizard: inWizard }))).toBe('unverified');
    expect(statusOfUser(testUser({ verified: true, wizard: inWizard }))).toBe('wizard');
    expect(statusOfUser(testUser({ verified: true }))).toBe('verified');
  });
});
