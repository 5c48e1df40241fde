import { useSelector } from '@xstate/react';
import { createStore } from '@xstate/store';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import { addToast, type ToastInput } from '../../design-system/index.ts';
import type { LiveEvent, LiveNotification } from '../api/index.ts';
import { t } from '../i18n/index.ts';
import { liveEventsMachine, type LiveSocket } from './live-events.machine.ts';
import { useSessionActor } from './session-context.tsx';
import type { SessionEvent } from './session.machine.ts';
import { sessionStatus } from './session.machine.ts';

/**
 * The batches of real-time events the app received, for features to follow (a conversion's progress, the
 * credits): `seq` grows with every batch; `gap` says some events were lost and what is shown should be
 * fetched again.
 */
export const liveEventBus = createStore({
  context: { seq: 0, events: [] as LiveEvent[], gap: false },
  on: {
    received: (context, event: { events: LiveEvent[]; gap: boolean }) => ({
      seq: context.seq + 1,
      events: event.events,
      gap: event.gap,
    }),
  },
});

/** Calls `listener` with every batch from now on; returns the function that stops it. */
export function onLiveEvents(listener: (events: LiveEvent[], info: { gap: boolean }) => void): () => void {
  let seen = liveEventBus.getSnapshot().context.seq;
  const subscription = liveEventBus.subscribe((snapshot) => {
    if (snapshot.context.seq === seen) return;
    seen = snapshot.context.seq;
    listener(snapshot.context.events, { gap: snapshot.context.gap });
  });
  return () => subscription.unsubscribe();
}

// Originals whose conversions a page shows and announces itself, by how many views follow each.
const followedOriginals = new Map<string, number>();

/**
 * Says that a view shows the conversions of `originalId` and announces their outcomes itself ("Ava:
 * conversion complete"); returns the function that stops it. While it follows, the server's conversion
 * notification about that original is shown as a toast but not spoken again: one announcement per outcome.
 */
export function followOriginalConversions(originalId: string): () => void {
  followedOriginals.set(originalId, (followedOriginals.get(originalId) ?? 0) + 1);
  let followed = true;
  return () => {
    if (!followed) return;
    followed = false;
    const left = (followedOriginals.get(originalId) ?? 1) - 1;
    if (left > 0) followedOriginals.set(originalId, left);
    else followedOriginals.delete(originalId);
  };
}

/** Whether a view on screen announces the conversions of `originalId` itself. */
export function isOriginalFollowed(originalId: string | null | undefined): boolean {
  return originalId != null && followedOriginals.has(originalId);
}

/** The query that opens an original in its folder on the project page ("Check it now"). */
export function originalHref(projectUrl: string, folderId: string | null, originalId: string): string {
  const query = new URLSearchParams();
  if (folderId) query.set('folder', folderId);
  query.set('original', originalId);
  return `${projectUrl}?${query.toString()}`;
}

/**
 * SPEC.md section 8: what a notification shows as a toast — the detail of an error_code, otherwise its
 * message; "Conversion complete." gets "Check it now" to the original; a message naming "Upgrade Plan"
 * gets an Upgrade Plan button to the plan page for users past the welcome wizard. The a11y channel is
 * spoken only.
 */
export function notificationToast(notification: LiveNotification, options: { pastWizard: boolean }): ToastInput {
  const { messages } = notification;
  const base = {
    severity: notification.type,
    channel: notification.channel,
    position: notification.position,
  } satisfies Partial<ToastInput>;
  if (typeof messages === 'string') return withUpgrade({ ...base, message: messages }, options);
  if ('error_code' in messages) return withUpgrade({ ...base, message: messages.detail }, options);
  if ('message' in messages) return withUpgrade({ ...base, message: messages.message }, options);
  return {
    ...base,
    message: t('live.conversion.complete'),
    action: {
      label: t('live.conversion.checkNow'),
      href: originalHref(messages.projectUrl, messages.folderId, messages.originalId),
    },
  };
}

function withUpgrade(toast: ToastInput, { pastWizard }: { pastWizard: boolean }): ToastInput {
  if (!pastWizard || !toast.message.includes('Upgrade Plan')) return toast;
  return { ...toast, action: { label: t('live.upgradePlan'), href: '/account/plan' } };
}

export interface LiveBatchDeps {
  send: (event: SessionEvent) => void;
  pastWizard: boolean;
  toast?: (toast: ToastInput) => void;
}

/** Applies one batch: the session follows user events, notifications become toasts, features hear the rest. */
export function applyLiveBatch(events: LiveEvent[], info: { gap: boolean }, deps: LiveBatchDeps) {
  const toast = deps.toast ?? ((input: ToastInput) => void addToast(input));
  for (const event of events) {
    switch (event.type) {
      case 'user.session_end':
        deps.send({ type: 'session.ended', reason: event.data.reason });
        break;
      case 'user.updated':
        deps.send({ type: 'session.userUpdated', user: event.data.user });
        break;
      case 'conversion.notification': {
        const input = notificationToast(event.data, { pastWizard: deps.pastWizard });
        // The conversion's own row, when on screen, already says this outcome with the voice's name.
        toast(isOriginalFollowed(event.data.original_id) ? { ...input, spoken: false } : input);
        break;
      }
      case 'calibration.notification':
        toast(notificationToast(event.data, { pastWizard: deps.pastWizard }));
        break;
      case 'content_moderation.result':
        if (event.data.status === 'rejected' && event.data.message) {
          toast({ message: event.data.message, severity: 'error' });
        }
        break;
      default:
        break;
    }
  }
  liveEventBus.trigger.received({ events, gap: info.gap });
}

/** The socket URL of this page's server. */
export function liveEventsUrl(location: Pick<Location, 'protocol' | 'host'> = globalThis.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

// The machine only sets handlers whose events it reads through LiveSocket's narrower shapes.
const openBrowserSocket = (url: string): LiveSocket => new WebSocket(url) as unknown as LiveSocket;

/**
 * Keeps the real-time connection open while the user is verified (SPEC.md section 4: the socket starts only
 * for verified users) and closes it when they are not. Going back online or to the tab reconnects at once.
 */
export function useLiveEvents(open: (url: string) => LiveSocket = openBrowserSocket) {
  const session = useSessionActor();
  const status = useSelector(session, sessionStatus);
  const verified = status === 'verified' || status === 'wizard';
  useEffect(() => {
    if (!verified) return;
    const actor = createActor(liveEventsMachine, {
      input: {
        url: liveEventsUrl(),
        open,
        onBatch: (events, info) =>
          applyLiveBatch(events, info, {
            send: session.send,
            pastWizard: sessionStatus(session.getSnapshot()) === 'verified',
          }),
      },
    }).start();
    const wake = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'live.wake' });
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      actor.send({ type: 'live.stop' });
    };
  }, [verified, session, open]);
}
