import type { ConsentCategories } from '../../machines/index.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Where Google's tag (gtag.js) comes from. */
export const googleTagUrl = (tagId: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;

/** Google consent mode's settings for an answer (https://developers.google.com/tag-platform/security/guides/consent). */
export function consentModeOf({ analytics, advertising }: ConsentCategories): Record<string, 'granted' | 'denied'> {
  const ads = advertising ? 'granted' : 'denied';
  return {
    analytics_storage: analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

const DENIED = consentModeOf({ analytics: false, advertising: false });

export interface GoogleTag {
  /** On while a consenting guest is on a consent page; off stops the tag (Google's opt-out flag, consent denied). */
  setActive(active: boolean, consent?: ConsentCategories): void;
  /** A page view (the tag sends none of its own: `send_page_view: false`, so views follow the consent rule). */
  pageView(page: string): void;
  /** The sign-up conversion (GA4's recommended `sign_up` event). */
  conversion(event: 'sign_up'): void;
}

/**
 * Google's tag as Google's snippet sets it up — `dataLayer`, `gtag()`, the script — from the app's code (no inline
 * script for the Content-Security-Policy to allow): consent mode denied by default and then the visitor's answer,
 * no automatic page view. The script is injected once per page load; a tag switched off stays in the page (a
 * script cannot be unloaded) but sends nothing more (`window['ga-disable-<id>']`) and is told consent is denied.
 */
export function installGoogleTag(tagId: string, consent: ConsentCategories, win: Window = window): GoogleTag {
  const dataLayer = (win.dataLayer ??= []);
  win.gtag ??= function gtag() {
    // gtag.js reads Arguments objects from the dataLayer, not arrays: this is Google's snippet, as written.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  const gtag = win.gtag;
  const disableFlag = `ga-disable-${tagId}`;
  const flags = win as unknown as Record<string, boolean>;
  gtag('consent', 'default', DENIED);
  gtag('consent', 'update', consentModeOf(consent));
  gtag('js', new Date());
  gtag('config', tagId, { send_page_view: false });
  const doc = win.document;
  if (!doc.querySelector(`script[data-google-tag="${tagId}"]`)) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = googleTagUrl(tagId);
    script.dataset.googleTag = tagId;
    doc.head.append(script);
  }
  let active = true;
  let granted = consentModeOf(consent);
  return {
    setActive(next, nextConsent) {
      const mode = next && nextConsent ? consentModeOf(nextConsent) : DENIED;
      if (next === active && JSON.stringify(mode) === JSON.stringify(granted)) return;
      active = next;
      granted = mode;
      flags[disableFlag] = !next;
      gtag('consent', 'update', mode);
    },
    pageView(page) {
      if (!active) return;
      gtag('event', 'page_view', {
        page_path: page,
        page_location: new URL(page, win.location.origin).href,
        page_title: doc.title,
      });
    },
    conversion(event) {
      if (!active) return;
      gtag('event', event, { method: 'email', transport_type: 'beacon' });
    },
  };
}

/**
 * The visitor's client id as Google's tag keeps it (the `_ga` cookie `GA1.1.<random>.<time>` holds
 * `<random>.<time>`), for POST /api/v3/events/google; none before the tag has set it.
 */
export function googleClientId(cookie: string): string | undefined {
  const value = /(?:^|;\s*)_ga=([^;]+)/.exec(cookie)?.[1];
  const id = value?.split('.').slice(2).join('.');
  return id && id.length <= 200 ? id : undefined;
}
