import { fromCallback } from 'xstate';
import { t } from '../../i18n/index.ts';
import { startCapture } from './capture.ts';

/** What the capture actor reports to the machine. */
export type CaptureEvent =
  | { type: 'capture.level'; level: number }
  /** One more second recorded. */
  | { type: 'capture.tick' }
  | { type: 'capture.done'; samples: Float32Array; sampleRate: number }
  | { type: 'capture.failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t('recorder.error.generic');

/**
 * Captures the chosen microphone, ticking each second from the moment the samples start (asking for the device
 * and starting the worklet take a moment, which is not recorded time); `stop` ends it with the samples.
 */
export const browserCapture = fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(
  ({ sendBack, receive, input }) => {
    let session: Awaited<ReturnType<typeof startCapture>> | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopping = false;
    let finished = false;
    let disposed = false;
    const finish = () => {
      if (!session || finished) return;
      finished = true;
      const { samples, sampleRate } = session.stop();
      sendBack({ type: 'capture.done', samples, sampleRate });
    };
    startCapture(input.deviceId, (level) => sendBack({ type: 'capture.level', level })).then(
      (started) => {
        session = started;
        // Left before the microphone answered: let it go at once.
        if (disposed) {
          finished = true;
          started.cancel();
        } else if (stopping) finish();
        else timer = setInterval(() => sendBack({ type: 'capture.tick' }), 1000);
      },
      (error: unknown) => {
        if (!disposed) sendBack({ type: 'capture.failed', message: messageOf(error) });
      },
    );
    receive((event) => {
      if (event.type !== 'stop') return;
      stopping = true;
      clearInterval(timer);
      finish();
    });
    return () => {
      disposed = true;
      clearInterval(timer);
      if (!finished) session?.cancel();
    };
  },
);
