import type { ConsentCategories, ConsentRecord, SessionStatus } from '../../machines/index.ts';

/**
 * SPEC.md section 4: "Ad and analytics trackers load only for guests on marketing, login and signup pages, and
 * only after analytics consent." The pages of the public site a guest can land on — the landing page, the
 * marketing pages of SPEC.md section 2 (use cases, FAQ, pricing, the terms and the acceptable use policy) —
 * and the login and signup pages. The consent dialog is offered there too, and nowhere else.
 */
export const CONSENT_PAGES: readonly string[] = [
  '/',
  '/pricing',
  '/use-cases',
  '/faq',
  '/terms-of-use',
  '/aup',
  '/login',
  '/signup',
];

/** Whether `pathname` is one of CONSENT_PAGES (a trailing slash aside). */
export function isConsentPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CONSENT_PAGES.includes(path || '/');
}

/** Which consent a Google tag needs: an Ads or Floodlight tag (AW-, DC-) advertising, any other analytics. */
export const tagCategory = (tagId: string): keyof ConsentCategories =>
  /^(AW|DC)-/.test(tagId) ? 'advertising' : 'analytics';

/** The server's tracking settings (GOOGLE_TAG_ID, CONVERSION_TRACKING), as the page's <meta> tags carry them. */
export interface TrackingSettings {
  /** The Google tag to load after consent; null: no third-party tracker is configured (the default). */
  googleTagId: string | null;
  /** Whether a consented guest's sign-up is reported as a conversion (on by default, SPEC.md section 9). */
  conversionTracking: boolean;
}

/** The settings server/platform/spa.ts puts in the page (`google-tag-id`, `conversion-tracking`). */
export function readTrackingSettings(doc: Pick<Document, 'querySelector'> | undefined): TrackingSettings {
  const meta = (name: string) => doc?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
  return { googleTagId: meta('google-tag-id'), conversionTracking: meta('conversion-tracking') !== 'off' };
}

export interface ConsentInput {
  pathname: string;
  session: SessionStatus;
  /** The stored answer; null when there is none; undefined while it has not been read yet (before hydration). */
  choice: ConsentRecord | null | undefined;
  settings: TrackingSettings;
}

/** What the app does about consent and third-party tracking on one page for one visitor. */
export interface ConsentDecision {
  /** The consent dialog may be shown here and the footer offers "Cookie settings": a guest on a consent page. */
  offered: boolean;
  /** The dialog opens by itself: offered, and the visitor has not answered (this version of) it yet. */
  ask: boolean;
  /** Google's tag is injected (once per page load) and told of this page's views. */
  googleTag: boolean;
  /** This page's views go to POST /api/v3/events/google with X-Tracking-Consent: granted. */
  googleEvents: boolean;
  /** A sign-up made here is reported as a conversion, through whichever of the two above is on. */
  conversion: boolean;
}

const NOTHING: ConsentDecision = {
  offered: false,
  ask: false,
  googleTag: false,
  googleEvents: false,
  conversion: false,
};

/**
 * The one rule of consent and trackers: nothing for a signed-in user or on any other page (so never in the app),
 * nothing before the answer, and then only what the answer allows — the tag when an id is configured and analytics
 * (and, for an advertising tag, advertising) is allowed, the server-side page views with analytics consent, the sign-up conversion when the flag is on.
 */
export function consentDecision({ pathname, session, choice, settings }: ConsentInput): ConsentDecision {
  if (session !== 'guest' || !isConsentPage(pathname)) return NOTHING;
  if (choice === undefined) return { ...NOTHING, offered: true };
  if (choice === null) return { ...NOTHING, offered: true, ask: true };
  const { googleTagId } = settings;
  // Every tracker waits for analytics consent (SPEC.md section 4); an advertising tag for advertising consent too.
  const googleTag = googleTagId !== null && choice.analytics && choice[tagCategory(googleTagId)];
  const googleEvents = choice.analytics;
  return {
    offered: true,
    ask: false,
    googleTag,
    googleEvents,
    conversion: settings.conversionTracking && (googleTag || googleEvents),
  };
}
