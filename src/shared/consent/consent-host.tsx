import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { browserStorage, readConsent, useSession } from '../../machines/index.ts';
import { lazyComponent } from '../chunk-load.ts';
import { consentDecision, readTrackingSettings, type TrackingSettings } from './consent-rules.ts';
import { consentStore } from './consent.store.ts';

// The dialog and the trackers are a chunk of their own: a page loads it only when there is something to do.
const ConsentRuntime = lazyComponent(
  () => import('./consent-runtime.tsx'),
  (m) => m.ConsentRuntime,
);

const NO_TRACKERS: TrackingSettings = { googleTagId: null, conversionTracking: false };

/**
 * Consent for the whole app (issue 19), in the root: reads the stored answer and the server's tracking settings
 * after hydration (a prerendered page renders nothing of it), tells the footer whether "Cookie settings" is
 * offered, and applies the consent rule (consent-rules.ts) to the page and visitor — the dialog for a guest on a
 * consent page who has not answered or reopened it, the trackers for one who consented, nothing otherwise.
 */
export function ConsentHost() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const choice = useSelector(consentStore, (s) => s.context.choice);
  const settingsOpen = useSelector(consentStore, (s) => s.context.settingsOpen);
  // Null until read, after hydration (what the store holds before then is no answer of this page's).
  const [settings, setSettings] = useState<TrackingSettings | null>(null);
  useEffect(() => {
    consentStore.trigger.recorded({ choice: readConsent(browserStorage()) });
    setSettings(readTrackingSettings(document));
  }, []);

  const decision = consentDecision({
    pathname,
    session: status,
    choice: settings ? choice : undefined,
    settings: settings ?? NO_TRACKERS,
  });
  useEffect(() => {
    consentStore.trigger.offer({ offered: decision.offered });
  }, [decision.offered]);

  const showDialog = decision.ask || (settingsOpen && decision.offered);
  if (!showDialog && !decision.googleTag && !decision.googleEvents) return null;
  return (
    <Suspense fallback={null}>
      <ConsentRuntime
        pathname={pathname}
        decision={decision}
        settings={settings ?? NO_TRACKERS}
        choice={choice ?? null}
        showDialog={showDialog}
      />
    </Suspense>
  );
}
