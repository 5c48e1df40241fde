import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, PageBlock, PageHeader } from '../../../../design-system/index.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';
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
    <PageBlock width="xlarge" gap="xl">
      <PageHeader
        title={<FormattedMessage id="voices.talents.title" />}
        titleFocusable
        actions={request}
        description={<FormattedMessage id="voices.talents.lead" />}
        gap="xl"
      />
      <VoiceCatalogue
        mode="talents"
        title={intl.formatMessage({ id: 'voices.talents.listTitle' })}
        emptyAction={request}
      />
    </PageBlock>
  );
}
