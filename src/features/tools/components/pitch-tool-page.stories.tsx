import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromCallback } from 'xstate';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import { makeNearestVoice, testUser } from '../../../api/testing/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import type { CaptureEvent } from '../../../shared/recorder/capture-actor.ts';
import { PitchToolPage } from './pitch-tool-page.tsx';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The guests' pitch tool over a fake server typed from the contract. The microphone is a synthetic capture
 * (a voice-like tone, or silence) so the pitch is known; the pitch is measured for real, and the plays use
 * the keyboard only.
 */

const RATE = 48_000;
// One real clip, the demos' audio.
const demoUrl = URL.createObjectURL(synthesiseClip(3, 8000).wav);

/** A voice-like tone at `f0`: a fundamental and falling harmonics. */
function tone(f0: number, seconds: number): Float32Array {
  const out = new Float32Array(seconds * RATE);
  for (let i = 0; i < out.length; i++) {
    let v = 0;
    for (let h = 1; h <= 5; h++) v += Math.sin((2 * Math.PI * f0 * h * i) / RATE) / h;
    out[i] = 0.15 * v;
  }
  return out;
}

/** A microphone that ticks every 40 ms (a second of the take each) and hands over `samples` when stopped. */
const syntheticCapture = (samples: Float32Array) =>
  fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(({ sendBack, receive }) => {
    const timer = setInterval(() => {
      sendBack({ type: 'capture.level', level: 60 });
      sendBack({ type: 'capture.tick' });
    }, 40);
    receive(() => {
      clearInterval(timer);
      sendBack({ type: 'capture.done', samples, sampleRate: RATE });
    });
    return () => clearInterval(timer);
  });

interface Loaded {
  harness: Harness;
}

const meta = {
  title: 'Pages/Tools',
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function page(capture: ReturnType<typeof syntheticCapture>, signedIn = false): Pick<Story, 'render' | 'loaders'> {
  return {
    loaders: [
      async (): Promise<Loaded> => ({
        harness: await createHarness({
          path: '/tools',
          user: signedIn ? testUser() : null,
          routes: {
            // The server's answer for the pitch asked: the voices nearest it, one without a demo yet.
            'GET /api/v2/voices/nearest-pitch': ({ query }) => {
              const asked = Number(query.get('pitch_hz'));
              return {
                status: 200,
                body: {
                  items: [
                    makeNearestVoice(1, 'Aria', asked * 1.02, asked, demoUrl),
                    makeNearestVoice(2, 'Marcus', asked * 0.9, asked, demoUrl),
                    makeNearestVoice(3, 'Nova', asked * 1.25, asked),
                  ],
                },
              };
            },
          },
        }),
      }),
    ],
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/tools">
        <main>
          <PitchToolPage capture={capture} />
        </main>
      </HarnessRouter>
    ),
  };
}

/** A guest records, sees the median pitch of a 140 Hz voice, the nearest voices, plays one, and is asked to sign up. */
export const FindsThePitch: Story = {
  ...page(syntheticCapture(tone(140, 4))),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const harness = (loaded as unknown as Loaded).harness;
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Find your voice’s pitch' })).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Record 5 seconds' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(announced()).toContain('Recording for 5 seconds. Speak as you usually do.'));

    const figure = await canvas.findByTestId('median-pitch', {}, { timeout: 5000 });
    const hz = Number(figure.textContent?.replace(/\D/g, ''));
    await expect(Math.abs(hz - 140) / 140).toBeLessThan(0.02);
    // The server was asked about the pitch measured in the browser.
    const asked = harness.calls.find((c) => c.path === '/api/v2/voices/nearest-pitch');
    await expect(Math.abs(Number(asked?.query.get('pitch_hz')) - 140)).toBeLessThan(2.8);
    await waitFor(() => expect(announced()).toContain(`Your median pitch is ${hz} Hz. 3 voices are nearest to it.`));

    const list = canvas.getByTestId('nearest-voices');
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Aria\d+ Hz · About your pitch$/),
      expect.stringMatching(/Marcus\d+ Hz · 1\.8 semitones lower$/),
      expect.stringMatching(/Nova\d+ Hz · 3\.9 semitones higherNo demo yet$/),
    ]);
    const audio = canvasElement.querySelector('audio')!;
    // The test runner's events carry no user activation, which the browser asks of play(): the element's
    // transport stands in here, as in the voice catalogue's stories.
    let sounding = false;
    Object.defineProperty(audio, 'paused', { get: () => !sounding });
    audio.play = () => {
      sounding = true;
      audio.dispatchEvent(new Event('play'));
      return Promise.resolve();
    };
    audio.pause = () => {
      sounding = false;
      audio.dispatchEvent(new Event('pause'));
    };
    const play = canvas.getByRole('button', { name: 'Play Aria' });
    await expect(play).toHaveAttribute('aria-pressed', 'false');
    await tabTo(play);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(play).toHaveAttribute('aria-pressed', 'true'));
    await expect(audio.src).toBe(demoUrl);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(play).toHaveAttribute('aria-pressed', 'false'));

    const signUp = canvas.getByRole('link', { name: 'Try For Free' });
    await tabTo(signUp);
    await expect(signUp).toHaveAttribute('href', '/signup');
  },
};

/** Silence (or noise) gives no pitch: the page says so, announces it, and records again by keyboard. */
export const NoVoiceHeard: Story = {
  ...page(syntheticCapture(new Float32Array(4 * RATE))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Record 5 seconds' }));
    await userEvent.keyboard('{Enter}');
    const message = 'No clear voice was heard. Speak close to the microphone and record again.';
    await expect(await canvas.findByText(message, {}, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(announced()).toContain(message));
    await expect(canvas.queryByTestId('nearest-voices')).toBeNull();
    const again = canvas.getByRole('button', { name: 'Record again' });
    await tabTo(again);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Stop' })).toBeVisible();
  },
};

/** A signed-in user is sent to record rather than to sign up. */
export const SignedIn: Story = {
  ...page(syntheticCapture(tone(220, 4)), true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Record now' })).toHaveAttribute('href', '/new');
    await expect(canvas.queryByRole('link', { name: 'Try For Free' })).toBeNull();
  },
};
