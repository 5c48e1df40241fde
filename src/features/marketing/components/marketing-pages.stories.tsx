import type { Meta, StoryObj } from '@storybook/react-vite';
import type { JSX } from 'react';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser, type FakeRoute } from '../../../api/testing/index.ts';
import { subscriptionsBody, subscriptionsRoute } from '../testing.ts';
import { HERO_SAMPLE, SHOWCASE_PREPARING, SHOWCASE_READY, showcaseRoute } from '../showcase-testing.ts';
import { SampleMediaContext, SHOWCASE_POLL_MS } from './sample-player.tsx';
import { FaqPage } from './faq-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { AupPage, TermsOfUsePage } from './legal-page.tsx';
import { PricingPage } from './pricing-page.tsx';
import { UseCasesPage } from './use-cases-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

const navigate = fn();

/**
 * The marketing feature's pages on their own (the layouts have stories of their own). A memory router stands
 * in for the app's, and React Aria's links record navigation instead of leaving the story. The pricing page
 * reads the price list and the session: its stories run in the story harness (the real API client and
 * session machine over a fake auth service) instead, and say where its links lead ("Now at …").
 */
const meta = {
  title: 'Features/Marketing',
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) =>
      parameters.harness ? (
        <Story />
      ) : (
        <MemoryRouter>
          <RouterProvider navigate={navigate}>
            <main>
              <Story />
            </main>
          </RouterProvider>
        </MemoryRouter>
      ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

interface HarnessLoaded {
  harness: Harness;
}

/** A marketing page at `path` over a fake network whose GET /api/v2/showcase answers `answer` (every sample). */
function withShowcase(
  path: string,
  pattern: string,
  page: () => JSX.Element,
  answer?: () => FakeRoute<'GET /api/v2/showcase'>,
): Pick<Story, 'loaders' | 'render' | 'parameters'> {
  return {
    parameters: { harness: true },
    loaders: [
      async (): Promise<HarnessLoaded> => ({
        harness: await createHarness({ path, user: null, routes: showcaseRoute(answer?.()) }),
      }),
    ],
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as HarnessLoaded).harness} pattern={pattern}>
        {/* The story's key presses are no user gesture: Chromium plays only a muted video without one. */}
        <SampleMediaContext value={{ element: 'video', muted: true }}>
          <main>{page()}</main>
        </SampleMediaContext>
      </HarnessRouter>
    ),
  };
}

/** The sample's media element: a muted video in stories (see SampleMediaContext). */
const audioOf = (element: HTMLElement) => {
  const audio = element.querySelector('video');
  if (!audio) throw new Error('no media element');
  return audio;
};

/**
 * The hero's before/after, by keyboard: one press plays the original; an arrow key switches to a voice at
 * the same moment and it plays on; the way in (Try For Free) is still the first stop.
 */
export const Landing: Story = {
  ...withShowcase('/', '/', () => <LandingPage />),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
    const section = await canvas.findByRole('region', { name: 'Hear it: one recording, three voices' });
    const play = await within(section).findByRole('button', { name: 'Play the sample: Original' });
    await userEvent.tab();
    await expect(canvas.getAllByRole('link', { name: 'Try For Free' })[0]).toHaveFocus();
    const audio = audioOf(section);
    await tabTo(play);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(audio.paused).toBe(false));
    await expect(audio.getAttribute('src')).toBe(HERO_SAMPLE.original_url);
    await waitFor(() => expect(audio.currentTime).toBeGreaterThan(0.3), { timeout: 3000 });
    await expect(within(section).getByRole('button', { name: 'Pause the sample: Original' })).toBeVisible();

    const original = within(section).getByRole('radio', { name: 'Original' });
    await expect(original).toBeChecked();
    await tabTo(original);
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(section).getByRole('radio', { name: 'Ava' })).toBeChecked();
    await expect(audio.getAttribute('src')).toBe(HERO_SAMPLE.voices[0]!.url);
    const at = audio.currentTime;
    await waitFor(() => expect(audio.paused).toBe(false));
    await waitFor(() => expect(audio.currentTime).toBeGreaterThan(at + 0.2), { timeout: 3000 });
    await expect(within(section).getByRole('button', { name: 'Pause the sample: Ava' })).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Pause the sample: Ava' }));
    await waitFor(() => expect(audio.paused).toBe(true));
  },
};

/**
 * A fresh server still rendering: a polite "preparing" status, then the player once the engine is done
 * (the page asks again every few seconds).
 */
export const LandingPreparing: Story = {
  ...withShowcase(
    '/',
    '/',
    () => <LandingPage />,
    () => {
      let calls = 0;
      return () => (++calls === 1 ? { status: 200, body: SHOWCASE_PREPARING } : { status: 200, body: SHOWCASE_READY });
    },
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Preparing the samples: our voice engine is rendering them');
    await expect(
      await canvas.findByRole('button', { name: 'Play the sample: Original' }, { timeout: SHOWCASE_POLL_MS + 3000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    const calls = (loaded as unknown as HarnessLoaded).harness.calls;
    await expect(calls.filter((c) => c.path === '/api/v2/showcase')).toHaveLength(2);
  },
};

/** A server that renders no samples (DEMO_AUDIO=off), or whose list fails: the page without the panel. */
export const LandingWithoutSamples: Story = {
  ...withShowcase(
    '/',
    '/',
    () => <LandingPage />,
    () => ({ status: 200, body: { items: [], preparing: [] } }),
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const calls = (loaded as unknown as HarnessLoaded).harness.calls;
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v2/showcase')).toHaveLength(1));
    await waitFor(() => expect(canvas.queryByRole('region', { name: /Hear it/ })).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
  },
};

type PricingLoaded = HarnessLoaded;

/**
 * The pricing page at `path` over a fake auth service; `answers` makes, for each run, what GET
 * /api/v3/subscriptions answers (the whole price list by default).
 */
function pricing({
  path = '/pricing',
  signedIn = false,
  answers,
}: { path?: string; signedIn?: boolean; answers?: () => FakeRoute<'GET /api/v3/subscriptions'> } = {}): Pick<
  Story,
  'loaders' | 'render' | 'parameters'
> {
  return {
    parameters: { harness: true },
    loaders: [
      async (): Promise<PricingLoaded> => ({
        harness: await createHarness({
          path,
          user: signedIn ? testUser() : null,
          routes: subscriptionsRoute(answers?.()),
        }),
      }),
    ],
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as PricingLoaded).harness} pattern="/pricing">
        <main>
          <PricingPage forBusinessHref="https://example.com/business" />
        </main>
      </HarnessRouter>
    ),
  };
}

/** A guest sees every price the price list sends; every button starts the free trial (sign-up) first. */
export const Pricing: Story = {
  ...pricing(),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const creator = await canvas.findByRole('article', { name: 'Creator' });
    await expect(creator).toHaveTextContent('$199 a month');
    await expect(creator).toHaveTextContent('120 minutes of voice conversion a month');
    await expect(canvas.getByRole('article', { name: 'Power' })).toHaveTextContent('$499 a month');
    await expect(canvas.getByRole('article', { name: 'Explorer' })).toHaveTextContent('Free');
    await expect(canvas.getByText('Yearly billing saves up to 16%.')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'TTS Only' })).getAllByRole('article')).toHaveLength(5);
    await expect(canvas.getByRole('article', { name: '30,000 characters' })).toHaveTextContent('$5 a month');
    await expect(canvas.getByRole('article', { name: '10,000,000 characters' })).toHaveTextContent('$1,320 a month');
    await expect(canvas.getByRole('region', { name: 'Per Minute' })).toHaveTextContent('$0.09 a second');
    const packs = canvas.getByRole('region', { name: 'Pay As You Go' });
    await expect(packs).toHaveTextContent('16 minutes$86.40');
    await expect(packs).toHaveTextContent('500 minutes$2,700');
    for (const link of canvas.getAllByRole('link', { name: /^Start free trial/ })) {
      await expect(link).toHaveAttribute('href', '/signup');
    }
    const creatorTrial = within(creator).getByRole('link', { name: 'Start free trial of Creator' });
    await tabTo(creatorTrial);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /signup')).toBeVisible();
    const calls = (loaded as unknown as PricingLoaded).harness.calls;
    await expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/v3/subscriptions')).toHaveLength(1);
  },
};

/** The toggle, by keyboard: the yearly prices and savings, kept in the address. */
export const PricingYearly: Story = {
  ...pricing(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Creator' });
    const monthly = canvas.getByRole('radio', { name: 'Monthly' });
    await tabTo(monthly);
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(canvas.getByRole('article', { name: 'Creator' })).toHaveTextContent(
      '$166.58 a month, billed $1,999 a year',
    );
    await expect(canvas.getByRole('article', { name: 'Creator' })).toHaveTextContent('Recommended');
    await expect(canvas.getByRole('article', { name: 'Power' })).toHaveTextContent('$4,999 a year');
    await expect(canvas.getByRole('article', { name: 'Power' })).toHaveTextContent('Save 16% against monthly billing');
    await expect(canvas.getByRole('article', { name: '30,000 characters' })).toHaveTextContent('$50 a year');
  },
};

/** A signed-in user's buttons lead to the plan page with the price (it starts checkout), never to sign-up. */
export const PricingSignedIn: Story = {
  ...pricing({ path: '/pricing?billing=year', signedIn: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const creator = await canvas.findByRole('article', { name: 'Creator' });
    await expect(canvas.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(within(canvas.getByRole('article', { name: 'Explorer' })).getByRole('link')).toHaveAttribute(
      'href',
      '/account/plan?trial=start',
    );
    await expect(canvas.getByRole('link', { name: 'Choose TTS Only, 100,000 characters a month' })).toHaveAttribute(
      'href',
      '/account/plan?price=tts-100k-year',
    );
    await expect(canvas.getByRole('link', { name: 'Choose Per Minute' })).toHaveAttribute(
      'href',
      '/account/plan?price=per-minute',
    );
    await expect(canvas.getByRole('link', { name: 'Buy 16 minutes of credits for $86.40' })).toHaveAttribute(
      'href',
      '/account/plan?price=credits-16-min',
    );
    await expect(canvas.queryAllByRole('link', { name: /Start free trial of/ })).toEqual([]);
    const choose = within(creator).getByRole('link', { name: 'Choose Creator' });
    await tabTo(choose);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /account/plan?price=creator-year')).toBeVisible();
  },
};

/** The list fails to load: an inline error with Try again, which loads it (a spinner meanwhile). */
export const PricingLoadFails: Story = {
  ...pricing({
    answers: () => {
      let calls = 0;
      return () =>
        ++calls === 1
          ? { status: 503, body: { detail: 'The price list is unavailable' } }
          : { status: 200, body: subscriptionsBody(), delay: 400 };
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The prices could not be loaded: The price list is unavailable');
    await expect(canvas.getByRole('article', { name: 'Explorer' })).toBeVisible();
    await tabTo(within(alert).getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('progressbar', { name: 'Loading prices' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Plans' })).toHaveFocus();
    await expect(await canvas.findByRole('article', { name: 'Creator' })).toHaveTextContent('$199 a month');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Every use case has its sample, one press away; starting another pauses the one playing. */
export const UseCases: Story = {
  ...withShowcase('/use-cases', '/use-cases', () => <UseCasesPage />),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Accessibility' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    const narration = canvas.getByRole('article', { name: 'Audiobooks and narration' });
    const play = await within(narration).findByRole('button', { name: 'Play sample in Marcus, 10 s' });
    for (const article of canvas.getAllByRole('article')) {
      await expect(within(article).getByRole('button', { name: /^Play sample in / })).toBeVisible();
    }
    await tabTo(play);
    await userEvent.keyboard('{Enter}');
    const first = audioOf(narration);
    await waitFor(() => expect(first.paused).toBe(false));
    await expect(within(narration).getByRole('button', { name: 'Pause sample in Marcus' })).toBeVisible();
    const games = canvas.getAllByRole('article').find((a) => within(a).queryByText(/Grumbold the Troll/))!;
    await userEvent.click(within(games).getByRole('button', { name: /^Play sample in Grumbold/ }));
    await waitFor(() => expect(audioOf(games).paused).toBe(false));
    await waitFor(() => expect(first.paused).toBe(true));
  },
};

/** Before the engine is done: the cards say what they are, and one polite status says the samples are coming. */
export const UseCasesPreparing: Story = {
  ...withShowcase(
    '/use-cases',
    '/use-cases',
    () => <UseCasesPage />,
    () => ({ status: 200, body: SHOWCASE_PREPARING }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Preparing the samples');
    await expect(canvas.getAllByRole('status')).toHaveLength(1);
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await expect(canvas.queryAllByRole('button', { name: /^Play sample/ })).toEqual([]);
  },
};

export const Faq: Story = {
  render: () => <FaqPage contactHref="https://example.com/request-a-call" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const semitones = canvas.getByRole('button', { name: 'What does the semitone setting do?' });
    // Contact Us, then the questions in order.
    for (let i = 0; i < 4; i++) await userEvent.tab();
    await expect(semitones).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(semitones).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(canvas.getByText(/steps of half a semitone/)).toBeVisible());
  },
};

export const TermsOfUse: Story = {
  render: () => <TermsOfUsePage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(10);
  },
};

export const AcceptableUsePolicy: Story = {
  render: () => <AupPage />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Oops! Your content doesn’t meet our moderation guidelines.', { exact: false }),
    ).toBeVisible();
  },
};
