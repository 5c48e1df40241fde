import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser, type FakeRoute } from '../../../api/testing/index.ts';
import { subscriptionsBody, subscriptionsRoute } from '../testing.ts';
import { FaqPage } from './faq-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { AupPage, TermsOfUsePage } from './legal-page.tsx';
import { PricingPage } from './pricing-page.tsx';
import { UseCasesPage } from './use-cases-page.tsx';

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

export const Landing: Story = {
  render: () => <LandingPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
    navigate.mockClear();
    await userEvent.tab();
    await expect(canvas.getAllByRole('link', { name: 'Try For Free' })[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/signup', undefined);
  },
};

interface PricingLoaded {
  harness: Harness;
}

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

async function tabTo(element: HTMLElement, max = 80) {
  for (let i = 0; i < max && document.activeElement !== element; i++) await userEvent.tab();
  await expect(element).toHaveFocus();
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

export const UseCases: Story = {
  render: () => <UseCasesPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Accessibility' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
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
