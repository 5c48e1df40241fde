import { describe, expect, it } from 'vitest';
import { appPathOf } from './route-preload.ts';

const origin = 'https://timbre.example';
// A stand-in for the anchor: the fields appPathOf reads.
const anchor = (href: string, attributes: Record<string, string> = {}) =>
  ({
    href: new URL(href, origin).href,
    target: attributes.target ?? '',
    hasAttribute: (name: string) => name in attributes,
  }) as unknown as HTMLAnchorElement;

describe('appPathOf', () => {
  it('gives the path of a link to a page of the app', () => {
    expect(appPathOf(anchor('/pricing'), origin)).toBe('/pricing');
    expect(appPathOf(anchor('/projects?folder=2#top'), origin)).toBe('/projects');
  });

  it('ignores other sites, new tabs, downloads and server files', () => {
    expect(appPathOf(anchor('https://elsewhere.example/pricing'), origin)).toBeNull();
    expect(appPathOf(anchor('/pricing', { target: '_blank' }), origin)).toBeNull();
    expect(appPathOf(anchor('/files/a.wav', { download: '' }), origin)).toBeNull();
    expect(appPathOf(anchor('/files/a.wav'), origin)).toBeNull();
    expect(appPathOf(anchor('/api/v3/auth'), origin)).toBeNull();
  });
});
