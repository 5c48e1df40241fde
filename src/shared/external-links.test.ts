import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS, isAbsoluteHref } from './external-links.ts';

describe('isAbsoluteHref', () => {
  it('keeps addresses outside the app as written', () => {
    expect(isAbsoluteHref('https://timbre.example/business')).toBe(true);
    expect(isAbsoluteHref('HTTP://example.com')).toBe(true);
    expect(isAbsoluteHref('mailto:hello@example.com')).toBe(true);
    expect(isAbsoluteHref('//cdn.example.com/a.js')).toBe(true);
    for (const href of Object.values(EXTERNAL_LINKS)) expect(isAbsoluteHref(href)).toBe(true);
  });

  it('routes app paths', () => {
    expect(isAbsoluteHref('/pricing')).toBe(false);
    expect(isAbsoluteHref('pricing')).toBe(false);
    expect(isAbsoluteHref('?billing=year')).toBe(false);
    expect(isAbsoluteHref('#main')).toBe(false);
  });
});
