import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Heading, Stack, Text } from '../../../../design-system/index.ts';
import { MAX_CHOSEN_VOICES, type VoiceChoice } from '../../../machines/index.ts';
import { CompactVoice } from './compact-voice.tsx';
import * as styles from './voices.css.ts';

export interface ChosenVoicesProps {
  choices: VoiceChoice[];
  /** Messages by voice id (a refused order), shown at the voice. */
  errors: Record<string, string>;
  summary: (choice: VoiceChoice) => string;
  onSettings: (id: string) => void;
  onRemove: (id: string, name: string) => void;
}

/** The voices chosen (up to 20), each with its settings and a way out; a refused order's message at its voice. */
export function ChosenVoices({ choices, errors, summary, onSettings, onRemove }: ChosenVoicesProps) {
  const intl = useIntl();
  const titleId = useId();
  const settingsButtons = useRef(new Map<string, HTMLButtonElement>());
  // A voice the order was refused for: focus goes to its settings, where it is put right.
  const firstError = choices.find((c) => errors[c.id])?.id;
  useEffect(() => {
    if (firstError) settingsButtons.current.get(firstError)?.focus();
  }, [firstError, errors]);
  return (
    <Stack as="section" gap="sm" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        <FormattedMessage id="voices.chosen.title" values={{ count: choices.length, max: MAX_CHOSEN_VOICES }} />
      </Heading>
      {choices.length === 0 ? (
        <Text tone="muted">
          <FormattedMessage id="voices.chosen.empty" values={{ max: MAX_CHOSEN_VOICES }} />
        </Text>
      ) : (
        <ul className={styles.compactList} aria-labelledby={titleId}>
          {choices.map((choice) => (
            <CompactVoice
              key={choice.id}
              name={choice.name}
              thumbnail={choice.thumbnail}
              summary={summary(choice)}
              note={
                errors[choice.id] ? (
                  <span id={`chosen-error-${choice.id}`} className={styles.fieldError}>
                    {errors[choice.id]}
                  </span>
                ) : null
              }
            >
              <Button
                variant="secondary"
                size="sm"
                ref={(element) => {
                  if (element) settingsButtons.current.set(choice.id, element);
                  else settingsButtons.current.delete(choice.id);
                }}
                aria-label={intl.formatMessage({ id: 'voices.card.settings.label' }, { name: choice.name })}
                aria-describedby={errors[choice.id] ? `chosen-error-${choice.id}` : undefined}
                onPress={() => onSettings(choice.id)}
              >
                <FormattedMessage id="voices.card.settings" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'voices.chosen.remove.label' }, { name: choice.name })}
                onPress={() => onRemove(choice.id, choice.name)}
              >
                <FormattedMessage id="voices.chosen.remove" />
              </Button>
            </CompactVoice>
          ))}
        </ul>
      )}
    </Stack>
  );
}
