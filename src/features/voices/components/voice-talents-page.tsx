import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../../design-system/index.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';
import * as styles from './voices.css.ts';
import { openModal } from '../../../shared/modals/index.ts';

/**
 * /voice-talents: the custom voices (voice talents) the user may use, with the same search, sort and filters
 * as the catalogue, and the request for a custom voice of one's own (the customVoice modal).
 */
export function VoiceTalentsPage() {
  const intl = useIntl();
  useEffect(() => {
    voiceFiltersStore.trigger.reload();
  }, []);
  const request = (
    <Button onPress={() => openModal({ id: 'customVoice' })}>
      <FormattedMessage id="voices.talents.request" />
    </Button>
  );
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 tabIndex={-1} className={styles.title}>
          <FormattedMessage id="voices.talents.title" />
        </h1>
        {request}
      </div>
      <p className={styles.lead}>
        <FormattedMessage id="voices.talents.lead" />
      </p>
      <VoiceCatalogue
        mode="talents"
        title={intl.formatMessage({ id: 'voices.talents.listTitle' })}
        emptyAction={request}
      />
    </div>
  );
}
