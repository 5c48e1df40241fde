import { createStore } from '@xstate/store';
import { browserStorage, type AppStorage } from '../../machines/index.ts';

/** The regeneration intro was dismissed with "Don't show again" (localStorage, cleared with the app's data). */
export const REGENERATION_INTRO_HIDDEN_KEY = 'timbre.conversions.regenerationIntroHidden';
/** "Notify me when a conversion finishes" is on (localStorage, cleared with the app's data). */
export const NOTIFY_ON_FINISH_KEY = 'timbre.conversions.notifyOnFinish';

function readFlag(storage: AppStorage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(storage: AppStorage | null, key: string, on: boolean): void {
  try {
    if (on) storage?.setItem(key, 'true');
    else storage?.removeItem(key);
  } catch {
    // A full or refused storage forgets the choice; it is asked again next time.
  }
}

/** Whether the user asked not to see the regeneration intro again. */
export const isRegenerationIntroHidden = (storage: AppStorage | null = browserStorage()) =>
  readFlag(storage, REGENERATION_INTRO_HIDDEN_KEY);

export const hideRegenerationIntro = (hidden: boolean, storage: AppStorage | null = browserStorage()) =>
  writeFlag(storage, REGENERATION_INTRO_HIDDEN_KEY, hidden);

/** The "notify me" setting, shared by every switch and the listener; kept in localStorage. */
export function createNotifySettingStore(storage: AppStorage | null = browserStorage()) {
  return createStore({
    context: { enabled: readFlag(storage, NOTIFY_ON_FINISH_KEY) },
    on: {
      set: (_context, event: { enabled: boolean }) => {
        writeFlag(storage, NOTIFY_ON_FINISH_KEY, event.enabled);
        return { enabled: event.enabled };
      },
    },
  });
}

export const notifySettingStore = createNotifySettingStore();
