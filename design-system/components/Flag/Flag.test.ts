import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flagUrl } from './flag-urls.ts';

describe('flagUrl', () => {
  it('finds the flag of every two-letter code the package ships, in any case', () => {
    const codes = readdirSync('node_modules/flag-icons/flags/4x3')
      .filter((f) => /^[a-z]{2}\.svg$/.test(f))
      .map((f) => f.slice(0, 2));
    expect(codes.length).toBeGreaterThan(240);
    for (const code of codes) expect(flagUrl(code.toUpperCase()), code).toMatch(new RegExp(`/${code}[^/]*\\.svg`));
    expect(flagUrl('gb')).toBe(flagUrl('GB'));
  });

  it('has no flag for an unknown region, a sub-national flag or a malformed code', () => {
    for (const code of ['ZZ', 'gb-eng', 'GBR', 'G', '', '🇬🇧']) expect(flagUrl(code), code).toBeUndefined();
  });
});
