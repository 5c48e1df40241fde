import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Inline, Text } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { searchVoicesByName } from '../api/voices-api.ts';
import { nameQuery } from '../voice-rules.ts';

export interface VoiceNameSuggestionsProps {
  /** What is typed in the search field, as it is typed. */
  text: string;
  /** The search the list already shows: no suggestions for it. */
  search: string;
  /** The user picked a voice's name: the list is searched for it. */
  onPick: (name: string) => void;
}

const DEBOUNCE_MS = 250;

/**
 * Voice names as the user types (GET /api/v2/voices/search, at most 10, names that start with the text
 * first): one press searches the list for that voice. Typing pauses a moment before it asks.
 */
export function VoiceNameSuggestions({ text, search, onPick }: VoiceNameSuggestionsProps) {
  const intl = useIntl();
  const api = useApi();
  const [asked, setAsked] = useState('');
  const wanted = nameQuery(text, search);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const found = useResource(asked && asked === wanted ? ['voice-names', asked] : null, (signal) =>
    searchVoicesByName(api, asked, { signal }),
  );
  if (!wanted || asked !== wanted || found.status !== 'ready' || found.value.length === 0) return null;
  const names = [...new Set(found.value.map((voice) => voice.name))];
  return (
    <Inline
      gap="xs"
      align="center"
      role="group"
      aria-label={intl.formatMessage({ id: 'voices.names.label' }, { text: wanted })}
    >
      <Text as="span" tone="muted">
        <FormattedMessage id="voices.names.lead" />
      </Text>
      {names.map((name) => (
        <Button key={name} variant="secondary" size="sm" onPress={() => onPick(name)}>
          {name}
        </Button>
      ))}
    </Inline>
  );
}
