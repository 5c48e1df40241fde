import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { browserStorage, readConsent, useSession } from '../../machines/index.ts';
import { lazyComponent, loadChunk } from '../chunk-load.ts';
import {
  consentDecision,
  isConsentPage,
  readTrackingSettings,
  type ConsentDecision,
  type TrackingSettings,
} from './consent-rules.ts';
import type { ConsentRuntimeProps } from './consent-runtime.tsx';
import { consentStore } from './consent.store.ts';

// The dialog and the trackers are a chunk of their own: a page loads it only when there is something to do.
const ConsentRuntime = lazyComponent(
  () => import('./consent-runtime.tsx'),
  (m) => m.ConsentRuntime,
);

const NO_TRACKERS: TrackingSettings = { googleTagId: null, conversionTracking: false };

/** The first question, before anything is read: the dialog, no tracker. */
const ASKING: ConsentDecision = { offered: true, ask: true, googleTag: false, googleEvents: false, conversion: false };

/** The runtime's component once loaded here (not through React.lazy), so a render draws the dialog at once. */
let loadedRuntime: ComponentType<ConsentRuntimeProps> | null = null;
/** Whether this page's first render draws the dialog as the prerendered page has it (see drawConsentPromptFirst). */
let promptInMarkup = false;

/**
 * The consent dialog as part of a public page's first paint (issue 14): scripts/prerender.ts draws it into the
 * page a guest lands on, and the hydration of such a page (main.tsx) draws it again in its first render, so the
 * dialog is painted with the page instead of popping up seconds later, once the scripts have run (it was the
 * largest paint of every public page, at 4.5 s in Lighthouse's mobile run). A visitor who already answered never
 * sees it: the page's inline script marks them (`html[data-consented]`, server/platform/prerendered.ts) and the
 * page's style hides the dialog before the first paint; the stored answer, read after hydration, then removes it.
 * `root`: the page's #root when hydrating (nothing to do unless its markup holds the dialog); none when
 * prerendering. Resolves once the runtime's chunk is loaded.
 */
export async function drawConsentPromptFirst(root?: ParentNode): Promise<void> {
  if (root && !root.querySelector('[data-consent-dialog]')) return;
  const runtime = await loadChunk(() => import('./consent-runtime.tsx'));
  loadedRuntime = runtime.ConsentRuntime;
  promptInMarkup = true;
}

/**
 * Consent for the whole app (issue 19), in the root: reads the stored answer and the server's tracking settings
 * after hydration (until then a prerendered page draws what its markup has: drawConsentPromptFirst), tells the
 * footer whether "Cookie settings" is offered, and applies the consent rule (consent-rules.ts) to the page and visitor — the dialog for a guest on a
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
  // Once the stored answer is read and no dialog is up, the mark of an earlier answer has done its work: a
  // dialog reopened from the footer must not be hidden by it.
  useEffect(() => {
    if (settings && !showDialog) document.documentElement.removeAttribute('data-consented');
  }, [settings, showDialog]);

  const Runtime = loadedRuntime ?? ConsentRuntime;
  // The prerendered page's first render (and its hydration): the dialog as the markup has it.
  if (!settings && promptInMarkup && status === 'guest' && isConsentPage(pathname)) {
    return (
      <Suspense fallback={null}>
        <Runtime pathname={pathname} decision={ASKING} settings={NO_TRACKERS} choice={null} showDialog />
      </Suspense>
    );
  }
  if (!showDialog && !decision.googleTag && !decision.googleEvents) return null;
  return (
    <Suspense fallback={null}>
      <Runtime
        pathname={pathname}
        decision={decision}
        settings={settings ?? NO_TRACKERS}
        choice={choice ?? null}
        showDialog={showDialog}
      />
    </Suspense>
  );
}
