import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Button, Inline, ProgressBar, Stack } from '../../../../design-system/index.ts';
import {
  browserMicrophoneStream,
  startMediaCapture,
  type MediaCaptureSession,
} from '../../../shared/recorder/media-capture.ts';
import { WIZARD_MAX_SECONDS } from '../welcome.machine.ts';
import * as styles from './welcome.css.ts';

export interface WizardRecorderProps {
  /** The take, once stopped (by the user or at 60 s). */
  onRecorded: (file: Blob, fileName: string) => void;
  isDisabled?: boolean;
  /**
   * Where the microphone comes from (stories give a synthesised stream).
   * @default navigator.mediaDevices.getUserMedia
   */
  getStream?: () => Promise<MediaStream>;
}

/**
 * The create step's microphone: Record starts a compressed take (the shared recorder's MediaRecorder
 * capture), Stop (or reaching SPEC.md's 60 s wizard limit) ends it and hands the audio on. No microphone
 * choice, levels or review: the wizard asks for one short take.
 */
export function WizardRecorder({
  onRecorded,
  isDisabled = false,
  getStream = browserMicrophoneStream,
}: WizardRecorderProps) {
  const intl = useIntl();
  const [seconds, setSeconds] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaCaptureSession | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    recorder.current?.stop();
  };
  useEffect(() => stop, []);

  const start = async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await getStream();
    } catch {
      const message = intl.formatMessage({ id: 'welcome.record.denied' });
      setError(message);
      announce(message, { politeness: 'assertive' });
      return;
    }
    recorder.current = startMediaCapture(stream, (audio) => {
      setSeconds(null);
      announce(intl.formatMessage({ id: 'welcome.record.stopped' }));
      onRecorded(audio, 'Welcome recording.webm');
    });
    setSeconds(0);
    announce(intl.formatMessage({ id: 'welcome.record.started' }, { seconds: WIZARD_MAX_SECONDS }));
    timer.current = setInterval(() => {
      setSeconds((value) => {
        const next = (value ?? 0) + 1;
        if (next >= WIZARD_MAX_SECONDS) stop();
        return next;
      });
    }, 1000);
  };

  const recording = seconds !== null;
  return (
    <Stack gap="lg">
      {recording ? (
        <ProgressBar
          label={intl.formatMessage({ id: 'welcome.record.progress' })}
          value={seconds}
          maxValue={WIZARD_MAX_SECONDS}
          valueLabel={intl.formatMessage({ id: 'welcome.record.elapsed' }, { seconds, max: WIZARD_MAX_SECONDS })}
        />
      ) : null}
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      <Inline gap="md">
        {recording ? (
          <Button onPress={stop}>
            <FormattedMessage id="welcome.record.stop" />
          </Button>
        ) : (
          <Button variant="secondary" isDisabled={isDisabled} onPress={() => void start()}>
            <FormattedMessage id="welcome.record.start" values={{ seconds: WIZARD_MAX_SECONDS }} />
          </Button>
        )}
      </Inline>
    </Stack>
  );
}
