import { describe, expect, it } from 'vitest';
import { testUser } from '../../api/testing/index.ts';
import { recordingLimitFor } from './limit.ts';

describe('recording limit (SPEC.md §5)', () => {
  it('is 30 s on the trial and without a subscription', () => {
    expect(recordingLimitFor(testUser({ stripe: { subscription_status: 'trialing', trial: true } }))).toBe(30);
    expect(recordingLimitFor(testUser())).toBe(30);
    expect(recordingLimitFor(null)).toBe(30);
  });

  it('is 3600 s on a paid plan and for admins and prepaid accounts', () => {
    expect(recordingLimitFor(testUser({ stripe: { subscription_status: 'active' } }))).toBe(3600);
    expect(recordingLimitFor({ ...testUser(), roles: ['admin'] })).toBe(3600);
    expect(recordingLimitFor({ ...testUser(), roles: ['user', 'prepaid'] })).toBe(3600);
  });
});
