import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../../server/platform/prerendered.ts';
import { THEME_KEY } from '../../design-system/layouts/theme-store.ts';

// The inline script of every page drawn ahead of its scripts: the stored colour theme on <html> before the first
// paint, with the design system's own key and values.

function runScript(stored: Record<string, string>, throws = false) {
  const attributes = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => {
      if (throws) throw new Error('storage disabled');
      return stored[key] ?? null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  new Function('localStorage', 'document', THEME_SCRIPT)(localStorage, document);
  return Object.fromEntries(attributes);
}

describe('the theme script of a page drawn ahead of its scripts', () => {
  it('puts a chosen light or dark theme on <html>', () => {
    expect(runScript({ [THEME_KEY]: 'dark' })).toEqual({ 'data-theme': 'dark' });
    expect(runScript({ [THEME_KEY]: 'light' })).toEqual({ 'data-theme': 'light' });
  });

  it('leaves the system theme, an unknown value and disabled storage to the CSS', () => {
    expect(runScript({})).toEqual({});
    expect(runScript({ [THEME_KEY]: 'system' })).toEqual({});
    expect(runScript({ [THEME_KEY]: 'sepia' })).toEqual({});
    expect(runScript({ [THEME_KEY]: 'dark' }, true)).toEqual({});
  });
});
