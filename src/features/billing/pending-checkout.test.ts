import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../api/testing/index.ts';
import { clearPendingCheckout, readPendingCheckout, rememberCheckout } from './pending-checkout.ts';

describe('pending checkout', () => {
  it('remembers the price until it is cleared or two hours old', () => {
    const storage = createMemoryStorage();
    rememberCheckout('creator-month', 60, 1000, storage);
    expect(readPendingCheckout(2000, storage)).toEqual({ price: 'creator-month', at: 1000, bought: 60 });
    expect(readPendingCheckout(1000 + 2 * 3600_000 + 1, storage)).toBeNull();
    clearPendingCheckout(storage);
    expect(readPendingCheckout(2000, storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = createMemoryStorage({ 'timbre.pendingCheckout': '{"price":3}' });
    expect(readPendingCheckout(0, storage)).toBeNull();
    storage.setItem('timbre.pendingCheckout', 'not json');
    expect(readPendingCheckout(0, storage)).toBeNull();
  });
});
