import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge, Button, Heading, Stack } from '../../../../design-system/index.ts';
import { lastUsedVoicesNewestFirst, lastUsedVoicesStore, type VoiceChoice } from '../../../machines/index.ts';
import type { Voice } from '../api/voices-api.ts';
import { useRecentVoices } from './use-recent-voices.ts';
import { CompactVoice } from './compact-voice.tsx';
import * as styles from './voices.css.ts';

export interface RecentVoicesProps {
  isChosen: (id: string) => boolean;
  summary: (choice: VoiceChoice) => string;
  remember: (voices: Voice[]) => void;
  /** Chooses an entry again; `voice` is the catalogue's, unless it could not be asked. */
  onChoose: (entry: VoiceChoice, voice: Voice | undefined) => void;
}

/**
 * The voices used last (SPEC.md section 3's last-used entries, newest first), each to be chosen again with the
 * settings it was used with. They are checked against the catalogue: a voice that is gone, or is another
 * account's private voice (the private-voice check tells), leaves the list.
 */
export function RecentVoices({ isChosen, summary, remember, onChoose }: RecentVoicesProps) {
  const intl = useIntl();
  const stored = useSelector(lastUsedVoicesStore, (s) => s.context.voices);
  const entries = useMemo(() => lastUsedVoicesNewestFirst(stored), [stored]);
  const voices = useRecentVoices(entries, remember);
  const titleId = useId();

  if (entries.length === 0) return null;
  return (
    <Stack as="section" gap="sm" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        <FormattedMessage id="voices.recent.title" />
      </Heading>
      {/* Side by side where there is room: the voices used last take a line or two above the catalogue. */}
      <ul className={styles.compactList} aria-labelledby={titleId}>
        {entries.map((entry) => {
          const voice = voices.get(entry.id);
          return (
            <CompactVoice key={entry.id} name={entry.name} thumbnail={entry.thumbnail} summary={summary(entry)}>
              {isChosen(entry.id) ? (
                <Badge tone="success" icon="check">
                  <FormattedMessage id="voices.badge.chosen" />
                </Badge>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'voices.recent.choose.label' }, { name: entry.name })}
                onPress={() => onChoose(entry, voice)}
              >
                <FormattedMessage id="voices.recent.choose" />
              </Button>
            </CompactVoice>
          );
        })}
      </ul>
    </Stack>
  );
}
