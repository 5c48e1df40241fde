import { describe, expect, it } from 'vitest';
import { consentModeOf, googleClientId, googleTagUrl, installGoogleTag } from './google-tag.ts';

/** Just enough of a window for the tag: a head to append the script to, and the dataLayer. */
function fakeWindow() {
  const scripts: { src: string; async: boolean; dataset: Record<string, string> }[] = [];
  const win = {
    location: { origin: 'https://timbre.example' },
    document: {
      title: 'Pricing · Timbre',
      querySelector: (selector: string) =>
        scripts.find((script) => selector.includes(`"${script.dataset.googleTag}"`)) ?? null,
      createElement: () => ({ src: '', async: false, dataset: {} as Record<string, string> }),
      head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
    },
  };
  const commands = () =>
    ((win as unknown as Window).dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  return { win: win as unknown as Window, scripts, commands };
}

describe('installGoogleTag', () => {
  it("injects Google's script once, consent denied by default then the answer, and no automatic page view", () => {
    const { win, scripts, commands } = fakeWindow();
    installGoogleTag('G-TEST0000', { analytics: true, advertising: false }, win);
    installGoogleTag('G-TEST0000', { analytics: true, advertising: false }, win);
    expect(scripts).toEqual([
      {
        src: 'https://www.googletagmanager.com/gtag/js?id=G-TEST0000',
        async: true,
        dataset: { googleTag: 'G-TEST0000' },
      },
    ]);
    const [first, second, , config] = commands();
    expect(first).toEqual(['consent', 'default', consentModeOf({ analytics: false, advertising: false })]);
    expect(second).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(config).toEqual(['config', 'G-TEST0000', { send_page_view: false }]);
  });

  it('sends page views and the conversion while on, nothing once switched off, and opts out of Google itself', () => {
    const { win, commands } = fakeWindow();
    const tag = installGoogleTag('G-TEST0000', { analytics: true, advertising: true }, win);
    const before = commands().length;
    tag.pageView('/pricing');
    tag.conversion('sign_up');
    expect(commands().slice(before)).toEqual([
      [
        'event',
        'page_view',
        { page_path: '/pricing', page_location: 'https://timbre.example/pricing', page_title: 'Pricing · Timbre' },
      ],
      ['event', 'sign_up', { method: 'email', transport_type: 'beacon' }],
    ]);

    tag.setActive(false);
    const off = commands().length;
    tag.pageView('/projects');
    tag.conversion('sign_up');
    tag.setActive(false);
    expect(commands().length).toBe(off);
    expect((win as unknown as Record<string, unknown>)['ga-disable-G-TEST0000']).toBe(true);
    expect(commands().at(-1)).toEqual(['consent', 'update', consentModeOf({ analytics: false, advertising: false })]);

    tag.setActive(true, { analytics: true, advertising: true });
    expect((win as unknown as Record<string, unknown>)['ga-disable-G-TEST0000']).toBe(false);
    tag.pageView('/');
    expect(commands().at(-1)?.[1]).toBe('page_view');
  });

  it("encodes the id in the script's address", () => {
    expect(googleTagUrl('AW-123456789')).toBe('https://www.googletagmanager.com/gtag/js?id=AW-123456789');
  });
});

describe('googleClientId', () => {
  it("reads the visitor's client id from the tag's _ga cookie, none before it is set", () => {
    expect(googleClientId('theme=dark; _ga=GA1.1.1234567890.1764158400; other=1')).toBe('1234567890.1764158400');
    expect(googleClientId('_ga_TEST0000=GS1.1.x; theme=dark')).toBeUndefined();
    expect(googleClientId('')).toBeUndefined();
  });
});
