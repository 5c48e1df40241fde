import { useEffect, useRef } from 'react';
import { useApi } from '../../api/index.ts';
import {
  applyPreferences,
  browserStorage,
  collectPreferences,
  lastUsedVoicesStore,
  listPreferencesStore,
  samePreferences,
  useSession,
} from '../../machines/index.ts';
import { saveLocalStorage } from './api/account-api.ts';

/** How long after a change the preferences are sent (changes in a burst are sent once). */
const SEND_AFTER_MS = 1500;
/** How often the browser's copy is checked for changes no store reports (a tips flag, the voice filters). */
const CHECK_EVERY_MS = 30_000;

/**
 * Keeps the signed-in user's preferences (list sorts and filters, last-used voices, tips flags) with the
 * account: on sign-in the account's copy is written into this browser (a second browser gets the first one's);
 * afterwards each change is sent with PUT /api/v3/local-storage. A failed send is tried again at the next change.
 */
export function usePreferencesSync() {
  const api = useApi();
  const { user, send } = useSession();
  const userId = user?.id ?? null;
  const verified = user?.verified ?? false;
  const latest = useRef(user);
  latest.current = user;

  useEffect(() => {
    if (!userId || !verified) return;
    const storage = browserStorage();
    let remote = latest.current?.data.local_storage;
    if (applyPreferences(storage, remote)) {
      listPreferencesStore.trigger.reload();
      lastUsedVoicesStore.trigger.reload();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const push = () => {
      const local = collectPreferences(storage);
      if (samePreferences(local, remote)) return;
      const next = { ...(remote ?? {}), ...local };
      saveLocalStorage(api, next)
        .then((updated) => {
          remote = updated.data.local_storage;
          if (!stopped) send({ type: 'session.userUpdated', user: updated });
        })
        .catch(() => undefined);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(push, SEND_AFTER_MS);
    };
    const subscriptions = [listPreferencesStore.subscribe(schedule), lastUsedVoicesStore.subscribe(schedule)];
    const interval = setInterval(push, CHECK_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(interval);
      subscriptions.forEach((s) => s.unsubscribe());
    };
    // Once per signed-in user: the user object changes with every save.
  }, [api, userId, verified]);
}
