import { describe, expect, it } from 'vitest';
import type { ConsentRecord, SessionStatus } from '../../machines/index.ts';
import {
  CONSENT_PAGES,
  consentDecision,
  isConsentPage,
  readTrackingSettings,
  tagCategory,
  type TrackingSettings,
} from './consent-rules.ts';

const answer = (analytics: boolean, advertising: boolean): ConsentRecord => ({
  version: 1,
  decidedAt: '2026-11-26T12:00:00.000Z',
  analytics,
  advertising,
});
const ALL = answer(true, true);
const NONE = answer(false, false);
const ANALYTICS_TAG: TrackingSettings = { googleTagId: 'G-TEST0000', conversionTracking: true };
const ADS_TAG: TrackingSettings = { googleTagId: 'AW-123456789', conversionTracking: true };
const NO_TAG: TrackingSettings = { googleTagId: null, conversionTracking: true };

const decide = (
  pathname: string,
  choice: ConsentRecord | null | undefined,
  settings: TrackingSettings = ANALYTICS_TAG,
  session: SessionStatus = 'guest',
) => consentDecision({ pathname, session, choice, settings });

describe('the consent pages', () => {
  it('are the landing page, the marketing pages, login and signup, and nothing of the app', () => {
    for (const page of ['/', '/pricing', '/use-cases', '/faq', '/terms-of-use', '/aup', '/login', '/signup', '/faq/']) {
      expect(isConsentPage(page), page).toBe(true);
    }
    for (const page of ['/projects', '/account', '/welcome', '/unverified', '/tools', '/forgot-password', '/x/y']) {
      expect(isConsentPage(page), page).toBe(false);
    }
    expect(CONSENT_PAGES).toHaveLength(8);
  });
});

describe('consentDecision', () => {
  it('asks a guest on a consent page who has not answered, and loads nothing meanwhile', () => {
    expect(decide('/', null)).toEqual({
      offered: true,
      ask: true,
      googleTag: false,
      googleEvents: false,
      conversion: false,
    });
    // Before the stored answer is read (the prerendered page, hydration), nothing shows and nothing loads.
    expect(decide('/', undefined)).toMatchObject({ offered: true, ask: false, googleTag: false, googleEvents: false });
  });

  it('loads the tag and sends page views after acceptance, nothing after rejection', () => {
    expect(decide('/pricing', ALL)).toEqual({
      offered: true,
      ask: false,
      googleTag: true,
      googleEvents: true,
      conversion: true,
    });
    expect(decide('/pricing', NONE)).toEqual({
      offered: true,
      ask: false,
      googleTag: false,
      googleEvents: false,
      conversion: false,
    });
  });

  it('never does anything for a signed-in user or on an app page, whatever the answer', () => {
    for (const session of ['checking', 'unverified', 'wizard', 'verified', 'signingOut'] as const) {
      expect(decide('/', ALL, ANALYTICS_TAG, session), session).toEqual({
        offered: false,
        ask: false,
        googleTag: false,
        googleEvents: false,
        conversion: false,
      });
    }
    for (const choice of [ALL, null]) {
      expect(decide('/projects', choice)).toMatchObject({ offered: false, ask: false, googleTag: false });
      expect(decide('/tools', choice)).toMatchObject({ offered: false, ask: false, googleEvents: false });
    }
  });

  it('loads no third-party tag without an id, yet records and forwards what analytics consent allows', () => {
    expect(decide('/', null, NO_TAG)).toMatchObject({ ask: true });
    expect(decide('/', ALL, NO_TAG)).toEqual({
      offered: true,
      ask: false,
      googleTag: false,
      googleEvents: true,
      conversion: true,
    });
  });

  it('follows the categories: analytics for every tracker, advertising too for an Ads tag', () => {
    const analyticsOnly = answer(true, false);
    const advertisingOnly = answer(false, true);
    expect(tagCategory('G-TEST0000')).toBe('analytics');
    expect(tagCategory('AW-123456789')).toBe('advertising');
    expect(decide('/', analyticsOnly, ANALYTICS_TAG)).toMatchObject({ googleTag: true, googleEvents: true });
    expect(decide('/', analyticsOnly, ADS_TAG)).toMatchObject({ googleTag: false, googleEvents: true });
    expect(decide('/', advertisingOnly, ADS_TAG)).toMatchObject({ googleTag: false, googleEvents: false });
    expect(decide('/', ALL, ADS_TAG)).toMatchObject({ googleTag: true, googleEvents: true });
  });

  it('reports the sign-up conversion only with the flag on and consent given', () => {
    const off = { ...ANALYTICS_TAG, conversionTracking: false };
    expect(decide('/signup', ALL, off)).toMatchObject({ googleTag: true, conversion: false });
    expect(decide('/signup', ALL)).toMatchObject({ conversion: true });
    expect(decide('/signup', NONE)).toMatchObject({ conversion: false });
  });
});

describe('readTrackingSettings', () => {
  const page = (meta: Record<string, string>) => ({
    querySelector: (selector: string) => {
      const name = /name="([^"]+)"/.exec(selector)?.[1] ?? '';
      return (name in meta ? { content: meta[name] } : null) as never;
    },
  });

  it("reads the server's settings from the page, trackers off and conversion tracking on when it says nothing", () => {
    expect(readTrackingSettings(page({ 'google-tag-id': 'G-TEST0000', 'conversion-tracking': 'on' }))).toEqual({
      googleTagId: 'G-TEST0000',
      conversionTracking: true,
    });
    expect(readTrackingSettings(page({ 'conversion-tracking': 'off' }))).toEqual({
      googleTagId: null,
      conversionTracking: false,
    });
    expect(readTrackingSettings(undefined)).toEqual({ googleTagId: null, conversionTracking: true });
  });
});
