import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { browserStorage, saveConsent, type ConsentCategories, type ConsentRecord } from '../../machines/index.ts';
import { ConsentDialog } from './consent-dialog.tsx';
import type { ConsentDecision, TrackingSettings } from './consent-rules.ts';
import { consentStore } from './consent.store.ts';
import { setConversionReporter } from './conversion.ts';
import { sendGoogleEvent } from './google-events.ts';
import { installGoogleTag, type GoogleTag } from './google-tag.ts';

export interface ConsentRuntimeProps {
  pathname: string;
  decision: ConsentDecision;
  settings: TrackingSettings;
  choice: ConsentRecord | null;
  /** Show the dialog: asking (no answer yet) or reopened from the footer. */
  showDialog: boolean;
}

// Once per page load: the tag's script cannot be unloaded, so it is switched off rather than removed.
let tag: GoogleTag | null = null;
// The page of the last view sent, the next one's origin (kept while this part is not mounted).
let lastPage: string | null = null;

/**
 * What consent changes, loaded only when there is something to do (src/shared/consent/consent-host.tsx): the
 * dialog, Google's tag (injected after consent, switched off as soon as the rule says so — a sign-in, another
 * page — and on unmount), the page views to the tag and to POST /api/v3/events/google, and the sign-up
 * conversion's reporter.
 */
export function ConsentRuntime({ pathname, decision, settings, choice, showDialog }: ConsentRuntimeProps) {
  const api = useApi();
  const { googleTagId } = settings;

  useEffect(() => {
    if (decision.googleTag && googleTagId && choice) {
      if (tag) tag.setActive(true, choice);
      else tag = installGoogleTag(googleTagId, choice);
    } else {
      tag?.setActive(false);
    }
  }, [decision.googleTag, googleTagId, choice]);
  useEffect(() => () => tag?.setActive(false), []);

  // The page whose view was sent since tracking last came on: one view per page (StrictMode runs effects twice).
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!decision.googleTag && !decision.googleEvents) {
      viewed.current = null;
      return;
    }
    if (viewed.current === pathname) return;
    viewed.current = pathname;
    const origin = lastPage === pathname ? null : lastPage;
    lastPage = pathname;
    if (decision.googleTag) tag?.pageView(pathname);
    if (decision.googleEvents) {
      void sendGoogleEvent(api, {
        event: 'page_view',
        page: pathname,
        signed_in: false,
        ...(origin ? { origin } : {}),
      });
    }
  }, [api, pathname, decision.googleTag, decision.googleEvents]);

  const { conversion, googleTag, googleEvents } = decision;
  useEffect(() => {
    if (!conversion) return;
    setConversionReporter((event) => {
      if (googleTag) tag?.conversion(event);
      if (googleEvents) void sendGoogleEvent(api, { event, page: pathname, signed_in: false });
    });
    return () => setConversionReporter(null);
  }, [api, pathname, conversion, googleTag, googleEvents]);

  return showDialog ? <ConsentPrompt current={decision.ask ? null : choice} /> : null;
}

/** The dialog, and focus back where the visitor was once it closes (the footer's button), else the page's heading. */
function ConsentPrompt({ current }: { current: ConsentRecord | null }) {
  // Read while rendering, before the dialog (a child) takes focus in its effect.
  const [returnTo] = useState(() => (globalThis.document?.activeElement as HTMLElement | null) ?? null);
  const returnFocus = () =>
    requestAnimationFrame(() => {
      const back =
        returnTo && returnTo !== document.body && returnTo.isConnected
          ? returnTo
          : document.querySelector<HTMLElement>('main h1');
      if (!back) return;
      if (back.localName === 'h1' && !back.hasAttribute('tabindex')) back.setAttribute('tabindex', '-1');
      back.focus();
    });
  return (
    <ConsentDialog
      current={current}
      onDecide={(categories: ConsentCategories) => {
        consentStore.trigger.recorded({ choice: saveConsent(browserStorage(), categories) });
        returnFocus();
      }}
      onClose={() => {
        consentStore.trigger.closeSettings();
        returnFocus();
      }}
    />
  );
}
