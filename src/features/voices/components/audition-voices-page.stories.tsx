import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HarnessRouter } from '../../../machines/story-harness.tsx';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerVoicesModals } from '../modals/register.ts';
import { AuditionVoicesPage } from './audition-voices-page.tsx';
import { announced, chooseOption, listQueries, loadVoices, pressEnterOn, type LoadedVoices } from './story-play.ts';
import { catalogue, makeDemo, type VoicesState } from './story-server.ts';

const meta = {
  title: 'Features/Voices/Audition voices page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerVoicesModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as LoadedVoices).harness}
      pattern="/audition-voices"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <AuditionVoicesPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function withDemos(): VoicesState {
  const voices = catalogue();
  const [ada, bruno] = voices;
  return {
    voices,
    demoSets: {
      en: [makeDemo(ada!, 'en'), makeDemo(bruno!, 'en')],
      fr: [{ ...makeDemo(ada!, 'fr'), title: 'Échantillon' }],
    },
  };
}

export const Loading: Story = {
  loaders: [
    () =>
      loadVoices('/audition-voices', {
        ...withDemos(),
        overrides: {
          'GET /api/v2/voices': { status: 200, body: { items: [], total: 0, offset: 0, limit: 20 }, delay: 30_000 },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Audition voices' })).toBeVisible();
    await expect(canvas.getByText('Loading voices…')).toHaveAttribute('role', 'status');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

/**
 * Voices with demos: Listen opens the demo beside the original it was made from, as two players; voices
 * without a demo have no Listen button. Another demo language switches the samples.
 */
export const Listen: Story = {
  loaders: [() => loadVoices('/audition-voices', withDemos())],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const ada = await canvas.findByRole('article', { name: 'Ada' });
    await expect(
      within(canvas.getByRole('article', { name: 'Chen' })).queryByRole('button', { name: /Listen/ }),
    ).toBeNull();
    await expect(listQueries((loaded as LoadedVoices).harness)[0]).not.toHaveProperty('voice_talent');
    const listen = within(ada).getByRole('button', { name: 'Listen to Ada' });
    await expect(listen).toHaveAttribute('aria-expanded', 'false');
    await pressEnterOn(listen);
    await expect(listen).toHaveAttribute('aria-expanded', 'true');
    await expect(await within(ada).findByRole('group', { name: 'Original: Sample en' })).toBeVisible();
    await expect(within(ada).getByRole('group', { name: 'Ada: Sample en' })).toBeVisible();
    await expect(within(ada).getByText('The quick brown fox jumps over the lazy dog.')).toBeVisible();

    await chooseOption(canvas.getByRole('button', { name: /Demo language/ }), 'French');
    await expect(await within(ada).findByRole('group', { name: 'Ada: Échantillon' })).toBeVisible();
    // Bruno has no French sample: his English one stays on offer.
    await expect(
      within(canvas.getByRole('article', { name: 'Bruno' })).getByRole('button', { name: 'Listen to Bruno' }),
    ).toBeVisible();
  },
};

/**
 * One click on a voice's artwork plays its demo, a second pauses it; another voice's demo takes over the one
 * player (one demo at a time). Voices without a demo have no play button.
 */
export const PlayDemo: Story = {
  loaders: [() => loadVoices('/audition-voices', withDemos())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ada = await canvas.findByRole('article', { name: 'Ada' });
    await expect(
      within(canvas.getByRole('article', { name: 'Chen' })).queryByRole('button', { name: /^Play demo/ }),
    ).toBeNull();
    const audio = canvasElement.querySelector('audio')!;
    // The test runner's events carry no user activation, which the browser asks of play(): the element's
    // transport stands in here (tests/e2e/catalogue.spec.ts plays a demo for real).
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
    await userEvent.click(within(ada).getByRole('button', { name: 'Play demo of Ada' }));
    const pause = await within(ada).findByRole('button', { name: 'Pause demo of Ada' });
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(audio.paused).toBe(false));

    const bruno = canvas.getByRole('article', { name: 'Bruno' });
    await userEvent.click(within(bruno).getByRole('button', { name: 'Play demo of Bruno' }));
    await expect(await within(bruno).findByRole('button', { name: 'Pause demo of Bruno' })).toBeVisible();
    await expect(within(ada).getByRole('button', { name: 'Play demo of Ada' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(canvasElement.querySelectorAll('audio')).toHaveLength(1);

    await pressEnterOn(within(bruno).getByRole('button', { name: 'Pause demo of Bruno' }));
    await waitFor(() => expect(audio.paused).toBe(true));
    await expect(within(bruno).getByRole('button', { name: 'Play demo of Bruno' })).toHaveFocus();
  },
};

export const Empty: Story = {
  loaders: [() => loadVoices('/audition-voices', { voices: [] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No voices yet' })).toBeVisible();
  },
};

export const Failed: Story = {
  loaders: [
    () =>
      loadVoices('/audition-voices', {
        voices: [],
        overrides: { 'GET /api/v2/voices': { status: 500, body: { detail: 'Database is down' } } },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = 'The voices could not be loaded: Database is down';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(announced()).toContain(message);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** From auditioning to choosing, by keyboard. */
export const ToChooseVoices: Story = {
  loaders: [() => loadVoices('/audition-voices', withDemos())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await pressEnterOn(canvas.getByRole('link', { name: 'Choose voices' }));
    await expect(await canvas.findByText('Now at /choose-voices')).toBeVisible();
  },
};
