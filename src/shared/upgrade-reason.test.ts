import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { upgradeReasonOf } from './upgrade-reason.ts';

const refused = (body: unknown) => new ApiError({ statusCode: 402, detail: 'No', body });

describe('upgradeReasonOf', () => {
  it('reads the reason of a 402', () => {
    expect(upgradeReasonOf(refused({ detail: 'No', reason: 'unlock_sts' }))).toBe('unlock_sts');
    expect(upgradeReasonOf(refused({ reason: 'download' }), 'trial_expired')).toBe('download');
  });

  it('reads a 402 without a reason as the fallback, the expired trial by default', () => {
    expect(upgradeReasonOf(refused({ detail: 'No' }))).toBe('trial_expired');
    expect(upgradeReasonOf(refused(undefined), 'download')).toBe('download');
  });

  it('is null for any other failure', () => {
    expect(upgradeReasonOf(new ApiError({ statusCode: 409, detail: 'No', body: {} }))).toBeNull();
    expect(upgradeReasonOf(new Error('offline'))).toBeNull();
  });
});
