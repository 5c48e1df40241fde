import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('shows whole dollar amounts without decimals', () => {
    expect(formatPrice(19_900, 'USD')).toBe('$199');
    expect(formatPrice(2_900)).toBe('$29');
    expect(formatPrice(0)).toBe('$0');
  });

  it('groups thousands and appends the interval', () => {
    expect(formatPrice(199_900, 'USD', 'year')).toBe('$1,999 / year');
    expect(formatPrice(49_900, 'USD', 'month')).toBe('$499 / month');
    expect(formatPrice(499_900, 'USD', 'year')).toBe('$4,999 / year');
  });

  it('shows cents when the amount has them', () => {
    expect(formatPrice(9)).toBe('$0.09');
    expect(formatPrice(9, 'USD', 'second')).toBe('$0.09 / second');
    expect(formatPrice(1_950)).toBe('$19.50');
  });

  it('follows the currency and the locale', () => {
    expect(formatPrice(19_900, 'EUR')).toBe('€199');
    expect(formatPrice(500, 'JPY')).toBe('¥500');
    expect(formatPrice(19_950, 'EUR', undefined, { locale: 'de-DE' })).toBe('199,50\u00a0€');
  });
});
