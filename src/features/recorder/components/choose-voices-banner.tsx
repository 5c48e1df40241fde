import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ButtonLink, Inline, Text } from '../../../../design-system/index.ts';
import { browserStorage, readNewOriginal, writeNewOriginal } from '../../../machines/index.ts';
import { savedOriginalsStore, syncSavedOriginals } from '../saved-originals.store.ts';
import * as styles from './recorder.css.ts';

/**
 * The next step after a save on /new: "Choose voices for N originals", the page's one filled action, shown
 * once there is an original to convert and kept in view (sticky) while the user records or uploads more.
 */
export function ChooseVoicesBanner() {
  const intl = useIntl();
  const count = useSelector(savedOriginalsStore, (s) => s.context.count);
  useEffect(() => {
    syncSavedOriginals();
  }, []);
  if (count === 0) return null;
  return (
    <section className={styles.nextStep} aria-label={intl.formatMessage({ id: 'recorder.next.region' })}>
      <Inline gap="md" align="center" justify="between">
        <Text weight="bold">{intl.formatMessage({ id: 'recorder.next.saved' }, { count })}</Text>
        <ButtonLink
          href="/choose-voices"
          // The next page continues with these originals: the move there keeps the new-original data.
          onPress={() => {
            const storage = browserStorage();
            writeNewOriginal(storage, { ...readNewOriginal(storage), ignoreClear: true });
          }}
        >
          {intl.formatMessage({ id: 'recorder.next.choose' }, { count })}
        </ButtonLink>
      </Inline>
    </section>
  );
}
