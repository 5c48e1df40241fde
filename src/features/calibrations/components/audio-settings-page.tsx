import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  Heading,
  Inline,
  Meter,
  PageBlock,
  PageHeader,
  Select,
  Stack,
  Text,
  WaveformPlayer,
} from '../../../../design-system/index.ts';
import { browserStorage } from '../../../machines/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { createAudioSettingsMachine, TEST_SECONDS } from '../machines/audio-settings.machine.ts';
import * as styles from './calibrations.css.ts';

export interface AudioSettingsPageProps {
  /** The microphones after permission (the browser's by default). */
  listMicrophones?: () => Promise<{ id: string; name: string }[]>;
}

/**
 * /audio-settings: the microphone Timbre records with (kept by id and name for /new, the welcome wizard and
 * calibrations), its live input level, a 5-second test played back, and the recorder's settings (SPEC.md
 * section 5); audioSettingsIntro says what they mean.
 */
export function AudioSettingsPage({ listMicrophones }: AudioSettingsPageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const machine = useMemo(
    () => createAudioSettingsMachine({ storage: browserStorage(), ...(listMicrophones ? { listMicrophones } : {}) }),
    [listMicrophones],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const testUrl = useMemo(() => (context.test ? URL.createObjectURL(context.test) : null), [context.test]);
  useEffect(() => () => (testUrl ? URL.revokeObjectURL(testUrl) : undefined), [testUrl]);
  const live = state.matches('ready') || state.matches('testing');
  const off = intl.formatMessage({ id: 'audioSettings.off' });
  const facts: [string, string][] = [
    [
      intl.formatMessage({ id: 'audioSettings.sampleRate' }),
      intl.formatMessage({ id: 'audioSettings.sampleRateValue' }),
    ],
    [intl.formatMessage({ id: 'audioSettings.channels' }), intl.formatMessage({ id: 'audioSettings.channelsValue' })],
    [intl.formatMessage({ id: 'audioSettings.bitDepth' }), intl.formatMessage({ id: 'audioSettings.bitDepthValue' })],
    [intl.formatMessage({ id: 'audioSettings.gainControl' }), off],
    [intl.formatMessage({ id: 'audioSettings.noiseSuppression' }), off],
  ];

  return (
    <PageBlock width="medium" gap="lg">
      <PageHeader
        title={<FormattedMessage id="audioSettings.title" />}
        titleRef={heading}
        titleFocusable
        description={<FormattedMessage id="audioSettings.lead" />}
        actions={
          <Button variant="secondary" onPress={() => openModal({ id: 'audioSettingsIntro' })}>
            <FormattedMessage id="audioSettings.about" />
          </Button>
        }
      />
      {live ? (
        <Stack gap="md">
          <Inline gap="md" align="end">
            <Select
              label={intl.formatMessage({ id: 'audioSettings.microphone' })}
              options={context.microphones.map((m) => ({ id: m.id, label: m.name }))}
              value={context.microphone?.id ?? null}
              isDisabled={state.matches('testing')}
              onChange={(key) => key !== null && actor.send({ type: 'settings.selectMicrophone', id: String(key) })}
            />
            <Button isPending={state.matches('testing')} onPress={() => actor.send({ type: 'settings.test' })}>
              <FormattedMessage id="audioSettings.test" />
            </Button>
          </Inline>
          <Meter label={intl.formatMessage({ id: 'audioSettings.level' })} value={context.level} />
          {state.matches('testing') ? (
            <Text aria-live="off">
              {intl.formatMessage({ id: 'audioSettings.testing' }, { seconds: TEST_SECONDS - context.elapsed })}
            </Text>
          ) : null}
          {testUrl && context.test ? (
            <WaveformPlayer
              label={intl.formatMessage({ id: 'audioSettings.testPlayer' })}
              audioUrl={testUrl}
              duration={TEST_SECONDS}
            />
          ) : null}
        </Stack>
      ) : (
        <Button isPending={state.matches('requesting')} onPress={() => actor.send({ type: 'settings.enable' })}>
          <FormattedMessage id="audioSettings.enable" />
        </Button>
      )}
      {context.error ? (
        <Text tone="critical" role="alert">
          {context.error}
        </Text>
      ) : null}
      <section aria-labelledby="recorder-settings-heading">
        <Stack gap="sm">
          <Heading level={2} id="recorder-settings-heading">
            <FormattedMessage id="audioSettings.settings" />
          </Heading>
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <Fragment key={term}>
                <dt>{term}</dt>
                <dd className={styles.factValue}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </Stack>
      </section>
    </PageBlock>
  );
}
