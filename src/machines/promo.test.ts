import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import { capturePromo, promoFromSearch, PROMO_KEY, readStoredPromo, takeStoredPromo } from './promo.ts';

describe('promo codes from the URL (SPEC.md section 4)', () => {
  it('reads promo, then promo_email, with the parameter as the place', () => {
    expect(promoFromSearch('?promo=SPRING')).toEqual({ code: 'SPRING', place: 'promo' });
    expect(promoFromSearch('?promo_email=MAIL10')).toEqual({ code: 'MAIL10', place: 'promo_email' });
    expect(promoFromSearch('?promo_email=B&promo=A')).toEqual({ code: 'A', place: 'promo' });
    expect(promoFromSearch(new URLSearchParams({ promo: '  X1 ' }))).toEqual({ code: 'X1', place: 'promo' });
  });

  it('ignores a missing, blank or over-long code', () => {
    expect(promoFromSearch('')).toBeNull();
    expect(promoFromSearch('?promo=')).toBeNull();
    expect(promoFromSearch('?promo=%20%20')).toBeNull();
    expect(promoFromSearch(`?promo=${'A'.repeat(65)}`)).toBeNull();
    expect(promoFromSearch(`?promo=${'A'.repeat(64)}`)?.code).toHaveLength(64);
  });

  it('stores code and place, and asks for the toast once per code', () => {
    const storage = createMemoryStorage();
    expect(capturePromo('?promo=SPRING', storage)).toEqual({ promo: { code: 'SPRING', place: 'promo' }, notify: true });
    expect(readStoredPromo(storage)).toEqual({ code: 'SPRING', place: 'promo' });
    expect(capturePromo('?promo=SPRING', storage)?.notify).toBe(false);
    expect(capturePromo('?promo_email=OTHER', storage)).toEqual({
      promo: { code: 'OTHER', place: 'promo_email' },
      notify: true,
    });
    expect(readStoredPromo(storage)).toEqual({ code: 'OTHER', place: 'promo_email' });
    expect(capturePromo('?voice=1', storage)).toBeNull();
  });

  it('takes the stored promo once, clearing it', () => {
    const storage = createMemoryStorage({ [PROMO_KEY]: JSON.stringify({ code: 'A', place: 'promo' }) });
    expect(takeStoredPromo(storage)).toEqual({ code: 'A', place: 'promo' });
    expect(takeStoredPromo(storage)).toBeNull();
    expect(storage.getItem(PROMO_KEY)).toBeNull();
  });

  it('treats damaged storage as no promo', () => {
    expect(readStoredPromo(createMemoryStorage({ [PROMO_KEY]: '{oops' }))).toBeNull();
    expect(readStoredPromo(createMemoryStorage({ [PROMO_KEY]: '{"code":""}' }))).toBeNull();
    expect(readStoredPromo(null)).toBeNull();
  });
});
