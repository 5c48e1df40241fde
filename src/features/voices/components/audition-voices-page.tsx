import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink, Select } from '../../../../design-system/index.ts';
import { keepNewOriginal } from '../keep-new-original.ts';
import { useReferenceData } from '../use-reference-data.ts';
import { voiceFiltersStore } from '../voice-filters.store.ts';
import { DEFAULT_DEMO_LANGUAGE, demoLanguages } from '../voice-rules.ts';
import { VoiceCatalogue } from './voice-catalogue.tsx';
import * as styles from './voices.css.ts';

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
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 tabIndex={-1} className={styles.title}>
          <FormattedMessage id="voices.audition.title" />
        </h1>
        <ButtonLink href="/choose-voices" variant="secondary" onPress={keepNewOriginal}>
          <FormattedMessage id="voices.audition.choose" />
        </ButtonLink>
      </div>
      <p className={styles.lead}>
        <FormattedMessage id="voices.audition.lead" />
      </p>
      {languages.length > 1 ? (
        <div className={styles.toolbar}>
          <Select
            label={intl.formatMessage({ id: 'voices.audition.language' })}
            options={languages.map((code) => ({
              id: code,
              label: intl.formatDisplayName(code, { type: 'language' }) ?? code,
            }))}
            value={languages.includes(language) ? language : languages[0]}
            onChange={(key) => setLanguage(String(key))}
          />
        </div>
      ) : null}
      <VoiceCatalogue
        mode="audition"
        title={intl.formatMessage({ id: 'voices.catalogue.title' })}
        demoLanguage={language}
      />
    </div>
  );
}
