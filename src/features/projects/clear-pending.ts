import { clearAnnouncer } from '@react-aria/live-announcer';
import { useEffect } from 'react';

/**
 * A pending button announces itself by pointing at its own label; once its dialog (or list item) has gone that
 * label is gone too, and the stale announcement would read as nothing. Clears it when the dialog unmounts (outside React's
 * commit), as the welcome feature's dialogs do.
 */
export function useClearPendingOnClose() {
  useEffect(() => () => void setTimeout(() => clearAnnouncer('assertive')), []);
}
