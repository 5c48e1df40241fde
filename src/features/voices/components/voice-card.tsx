import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Badge,
  Button,
  Card,
  Flag,
  Icon,
  Inline,
  Link,
  Stack,
  Text,
  WaveformPlayer,
} from '../../../../design-system/index.ts';
import type { VoiceChoice } from '../../../machines/index.ts';
import type { AccentInfoMap, DemoItem, Voice } from '../api/voices-api.ts';
import { blockedReason } from '../voice-rules.ts';
import { useSemitonesFormat } from '../../../shared/voice-settings/semitones-format.ts';
import * as styles from './voices.css.ts';

export type CatalogueMode = 'choose' | 'audition' | 'talents';

export interface VoiceCardProps {
  voice: Voice;
  mode: CatalogueMode;
  /** The card heading's level in the page outline. */
  headingLevel: 2 | 3;
  accentInfos: AccentInfoMap;
  /** The voice's demo in the chosen language, if it has one. */
  demo: DemoItem | null;
  demoOpen: boolean;
  onToggleDemo: () => void;
  favouritePending: boolean;
  onFavourite: () => void;
  onSettings: () => void;
  /** On /choose-voices: the voice as chosen for the order, or null. */
  choice?: VoiceChoice | null;
  onChoose?: () => void;
}

/**
 * One voice of the catalogue: its generated artwork, name, gender, age and accents, whether it is a
 * favourite, its demo, its settings and (choosing voices for an order) whether it is chosen.
 */
export function VoiceCard({
  voice,
  mode,
  headingLevel,
  accentInfos,
  demo,
  demoOpen,
  onToggleDemo,
  favouritePending,
  onFavourite,
  onSettings,
  choice = null,
  onChoose,
}: VoiceCardProps) {
  const intl = useIntl();
  const semitones = useSemitonesFormat();
  const demoId = useId();
  const blocked = blockedReason(voice);
  const accents = voice.accents.map((accent) => ({
    id: accent.id,
    region: accentInfos[accent.locale]?.region,
    name: accent.info.name,
  }));
  return (
    <Card as="article" heading={voice.name} headingLevel={headingLevel} padding="md" elevation="raised">
      <Stack gap="sm">
        {voice.image_url ? (
          // The artwork is decoration: the heading names the voice and the facts describe it.
          <img src={voice.image_url} alt="" className={styles.art} loading="lazy" width={320} height={180} />
        ) : null}
        <Inline gap="xs">
          {voice.voice_talent ? (
            <Badge tone="accent" icon="user">
              <FormattedMessage id="voices.badge.talent" />
            </Badge>
          ) : null}
          {voice.visibility === 'private' ? (
            <Badge icon="lock">
              <FormattedMessage id="voices.badge.private" />
            </Badge>
          ) : null}
          {blocked === 'kids' ? (
            <Badge tone="info" icon="lock">
              <FormattedMessage id="voices.badge.onRequest" />
            </Badge>
          ) : null}
          {blocked === 'voice' ? (
            <Badge tone="warning" icon="lock">
              <FormattedMessage id="voices.badge.upgrade" />
            </Badge>
          ) : null}
          {choice ? (
            <Badge tone="success" icon="check">
              <FormattedMessage id="voices.badge.chosen" />
            </Badge>
          ) : null}
        </Inline>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="voices.fact.gender" />
            </dt>
            <dd>{intl.formatMessage({ id: `voices.gender.${voice.gender}` })}</dd>
          </div>
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="voices.fact.age" />
            </dt>
            <dd>{intl.formatMessage({ id: `voices.age.${voice.age_group}` })}</dd>
          </div>
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="voices.fact.pitch" />
            </dt>
            <dd>{intl.formatMessage({ id: `voices.pitch.${voice.pitch_group}` })}</dd>
          </div>
          {voice.species !== 'human' ? (
            <div className={styles.fact}>
              <dt>
                <FormattedMessage id="voices.fact.species" />
              </dt>
              <dd>{intl.formatMessage({ id: `voices.species.${voice.species}` })}</dd>
            </div>
          ) : null}
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="voices.fact.accents" values={{ count: accents.length }} />
            </dt>
            <dd>
              {accents.map((accent, index) => (
                <span key={accent.id}>
                  {index > 0 ? ', ' : null}
                  {accent.region ? (
                    <>
                      <Flag region={accent.region} size="sm" />{' '}
                    </>
                  ) : null}
                  {accent.name}
                </span>
              ))}
            </dd>
          </div>
        </dl>
        {choice ? (
          <Text tone="muted">
            <FormattedMessage
              id="voices.card.choice"
              values={{
                accent: choice.accentName,
                style: choice.narrationStyleName,
                semitones: semitones(choice.pitch),
              }}
            />
          </Text>
        ) : null}
        {mode === 'talents' && (voice.info_url || voice.contact_url) ? (
          <Inline gap="sm" align="center">
            {voice.info_url ? (
              <Link href={voice.info_url} variant="standalone">
                {intl.formatMessage({ id: 'voices.card.about' }, { name: voice.name })}
              </Link>
            ) : null}
            {voice.contact_url ? (
              <Link href={voice.contact_url} variant="standalone">
                {intl.formatMessage({ id: 'voices.card.contact' }, { name: voice.name })}
              </Link>
            ) : null}
          </Inline>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant={voice.favorite ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={voice.favorite}
            aria-label={intl.formatMessage({ id: 'voices.card.favourite.label' }, { name: voice.name })}
            isPending={favouritePending}
            onPress={onFavourite}
          >
            <Icon name="star" size="sm" />
            <FormattedMessage id="voices.card.favourite" />
          </Button>
          {demo ? (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={demoOpen}
              aria-controls={demoOpen ? demoId : undefined}
              aria-label={intl.formatMessage({ id: 'voices.card.listen.label' }, { name: voice.name })}
              onPress={onToggleDemo}
            >
              <Icon name={demoOpen ? 'chevronUp' : 'play'} size="sm" />
              <FormattedMessage id="voices.card.listen" />
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            aria-label={intl.formatMessage({ id: 'voices.card.settings.label' }, { name: voice.name })}
            onPress={onSettings}
          >
            <Icon name="sliders" size="sm" />
            <FormattedMessage id="voices.card.settings" />
          </Button>
          {mode === 'choose' && onChoose ? (
            <Button
              variant={choice ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={blocked ? undefined : choice !== null}
              aria-label={intl.formatMessage({ id: 'voices.card.choose.label' }, { name: voice.name })}
              onPress={onChoose}
            >
              <Icon name={choice ? 'check' : blocked ? 'lock' : 'plus'} size="sm" />
              <FormattedMessage id="voices.card.choose" />
            </Button>
          ) : null}
        </div>
        {demo && demoOpen ? (
          <Stack gap="sm" id={demoId}>
            {mode === 'audition' ? (
              <WaveformPlayer
                label={intl.formatMessage({ id: 'voices.demo.original' }, { title: demo.title })}
                audioUrl={demo.original_url}
                duration={demo.duration}
                height={40}
              />
            ) : null}
            <WaveformPlayer
              label={intl.formatMessage({ id: 'voices.demo.converted' }, { name: voice.name, title: demo.title })}
              audioUrl={demo.converted_url}
              duration={demo.duration}
              height={40}
            />
            {demo.text ? <Text tone="muted">{demo.text}</Text> : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
