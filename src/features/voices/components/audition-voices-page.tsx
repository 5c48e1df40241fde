import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, Inline, PageBlock, PageHeader, Select } from '../../../../design-system/index.ts';
import { keepNewOriginal } from '../keep-new-original.ts';
import { useReferenceData } from '../use-reference-data.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { DEFAULT_DEMO_LANGUAGE, demoLanguages } from '../voice-rules.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';

/**
 * /audition-voices: the catalogue to listen to. Each voice's demo (rendered by our engine at seed time) plays
 * beside the original it was converted from, in the demo language chosen here.
 */
export function AuditionVoicesPage() {
  const intl = useIntl();
  const demoSets = useReferenceData('demoSets');
  const languages = demoSets.status === 'ready' ? demoLanguages(demoSets.value) : [];
  const [language, setLanguage] = useState(DEFAULT_DEMO_LANGUAGE);

  useEffect(() => {
    voiceFiltersStore.trigger.reload();
  }, []);

  return (
    <PageBlock width="xlarge" gap="xl">
      <PageHeader
        title={<FormattedMessage id="voices.audition.title" />}
        titleFocusable
        actions={
          <ButtonLink href="/choose-voices" variant="secondary" onPress={keepNewOriginal}>
            <FormattedMessage id="voices.audition.choose" />
          </ButtonLink>
        }
        description={<FormattedMessage id="voices.audition.lead" />}
        gap="xl"
      />
      {languages.length > 1 ? (
        <Inline gap="md" align="end">
          <Select
            label={intl.formatMessage({ id: 'voices.audition.language' })}
            options={languages.map((code) => ({
              id: code,
              label: intl.formatDisplayName(code, { type: 'language' }) ?? code,
            }))}
            value={languages.includes(language) ? language : languages[0]}
            onChange={(key) => setLanguage(String(key))}
          />
        </Inline>
      ) : null}
      <VoiceCatalogue
        mode="audition"
        title={intl.formatMessage({ id: 'voices.catalogue.title' })}
        demoLanguage={language}
      />
    </PageBlock>
  );
}
