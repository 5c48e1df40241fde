import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { addToast } from '../../../design-system/index.ts';
import { t } from '../../i18n/index.ts';
import { browserStorage, capturePreselectedVoice, capturePromo, useSessionActor } from '../../machines/index.ts';

/**
 * SPEC.md section 4: a promo code (promo, promo_email) or a preselected voice (voice) in any page's URL is
 * stored for after sign-in and verification. A new promo code is announced once with a toast at the bottom
 * centre; a signed-in, verified user's session takes it at once.
 */
export function useUrlCapture() {
  const { search } = useLocation();
  const session = useSessionActor();
  useEffect(() => {
    if (!search) return;
    const storage = browserStorage();
    const promo = capturePromo(search, storage);
    if (promo?.notify) {
      addToast({ message: t('auth.promo.recognized'), severity: 'info', position: 'bottom' });
    }
    const voice = capturePreselectedVoice(search, storage);
    if (promo || voice) session.send({ type: 'session.extrasStored' });
  }, [search, session]);
}
