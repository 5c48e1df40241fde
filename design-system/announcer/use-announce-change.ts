import { useEffect, useRef } from 'react';
import { announce } from './announcer.ts';

/**
 * Says a list's state ("12 voices match “warm”") after a change the user made, never on arrival: `key`
 * names what the user changed (a search, the filters), `message` is what to say once the result for that
 * key is in (null while it loads). The first message a screen shows is not said; each later key is said
 * once, when its message comes. Where the message is also shown, show it in a status that is not live
 * (`aria-live="off"`), so it is not said a second time.
 */
export function useAnnounceChange(key: string, message: string | null): void {
  // The key whose message was last seen; undefined until the first one (the arrival) is in.
  const seenFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (message === null) return;
    if (seenFor.current === undefined) {
      seenFor.current = key;
      return;
    }
    if (seenFor.current === key) return;
    seenFor.current = key;
    announce(message);
  }, [key, message]);
}
