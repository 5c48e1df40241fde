import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness, type HarnessOptions } from '../../../machines/story-harness.tsx';
import { TEST_PRICES, testCredits, testSubscriptions, testUser } from '../../../api/testing/index.ts';
import { rememberCheckout } from '../pending-checkout.ts';
import { PlanPage } from './plan-page.tsx';
import { SubscribedPage } from './subscribed-page.tsx';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

const TRIAL_ENDS = '2026-11-28T14:00:00.000Z';
const newUser = testUser({ wizard: { completed: true } });
const onTrial = testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } });
const onCreator = testUser({
  stripe: {
    subscription_status: 'active',
    trial_used: true,
    subscription_category: 'creator',
    subscription_interval: 'month',
  },
});
const creatorMonth = TEST_PRICES.find((p) => p.id === 'creator-month')!;
const trialPlan = testSubscriptions({ status: 'trialing', trial: true, trial_used: true, trial_ends_at: TRIAL_ENDS });
const creatorPlan = testSubscriptions({
  status: 'active',
  trial_used: true,
  price: creatorMonth,
  current_period_end: '2026-12-25T14:00:00.000Z',
});
const ledger = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      // Long ago: no pace to forecast from, so the page looks the same whatever day it is shown.
      created_at: '2026-01-24T10:00:00.000Z',
      reason: 'conversion:plan',
      delta_seconds: -30,
      delta_chars: 0,
      recording_id: '00000000-0000-4000-8000-0000000000aa',
      recording_label: 'Chapter one',
    },
    {
      id: '00000000-0000-4000-8000-000000000001',
      created_at: '2026-01-23T10:00:00.000Z',
      reason: 'trial',
      delta_seconds: 600,
      delta_chars: 500,
      recording_id: null,
      recording_label: null,
    },
  ],
  total: 2,
  offset: 0,
  limit: 40,
};

const planHarness = (options: Omit<HarnessOptions, 'path'> & { path?: string }) => async () => ({
  harness: await createHarness({
    path: '/account/plan',
    ...options,
    routes: {
      'GET /api/v3/credits/ledger': { status: 200, body: ledger },
      ...options.routes,
    },
  }),
});

const meta = {
  title: 'Features/Billing/Plan pages',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => {
    const h = loaded.harness as Harness;
    return (
      <HarnessRouter harness={h} pattern={h.path.startsWith('/subscribed') ? '/subscribed' : '/account/plan'}>
        <main>{h.path.startsWith('/subscribed') ? <SubscribedPage /> : <PlanPage />}</main>
      </HarnessRouter>
    );
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new user without a plan starts the 3-day trial from the plan page, by keyboard; it is announced. */
export const NewUserStartsTrial: Story = {
  loaders: [
    planHarness({
      user: newUser,
      routes: {
        'GET /api/v3/credits': { status: 200, body: testCredits({ seconds: 0, chars: 0 }) },
        'POST /api/v3/start-trial': { status: 200, body: { user: onTrial, promo_status: 'none' }, delay: 100 },
        // Loaded again once the trial has started (the user's plan changed).
        'GET /api/v3/subscriptions': { status: 200, body: trialPlan },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
    const start = await canvas.findByRole('button', { name: 'Start 3-day free trial' });
    await tabTo(start);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(announced()).toContain('Your free trial has started.'));
    await expect(h.calls.filter((c) => c.path === '/api/v3/start-trial')).toHaveLength(1);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Explorer' })).toBeVisible();
    await expect(await canvas.findByText(/^Free trial, ends /)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Start 3-day free trial' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'End free trial now' })).toBeVisible();
  },
};

/** On the trial: Creator monthly, then yearly, by keyboard; checkout opens the provider's page. */
export const TrialChoosesCreator: Story = {
  loaders: [
    planHarness({
      user: onTrial,
      routes: {
        'GET /api/v3/subscriptions': { status: 200, body: trialPlan },
        'POST /api/v3/checkout-session': { status: 200, body: { url: 'https://pay.example/checkout/creator' } },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const creator = await canvas.findByRole('article', { name: 'Creator' });
    await expect(within(creator).getByText('$199 a month')).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Power' })).toHaveTextContent('$499 a month');
    // The trial's meters: 10 minutes and 500 characters.
    await expect(canvas.getByRole('meter', { name: 'Plan minutes' })).toBeVisible();
    // A radio group is one tab stop, on the checked radio; the arrow keys choose.
    await tabTo(canvas.getByRole('radio', { name: 'Monthly' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(await within(creator).findByText('$1,999 a year')).toBeVisible();
    await expect(within(creator).getByText('Save 16% against monthly billing')).toBeVisible();
    await tabTo(within(creator).getByRole('button', { name: 'Choose Creator' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(h.redirects).toEqual(['https://pay.example/checkout/creator']));
    await expect(h.calls.find((c) => c.path === '/api/v3/checkout-session')?.body).toEqual({ price: 'creator-year' });
    await expect(announced()).toContain('Opening the secure checkout…');
  },
};

/** Per Minute asks for the revenue confirmation at its field before checkout. */
export const PerMinuteAsksForRevenue: Story = {
  loaders: [
    planHarness({
      user: onTrial,
      routes: {
        'GET /api/v3/subscriptions': { status: 200, body: trialPlan },
        'POST /api/v3/checkout-session': { status: 200, body: { url: 'https://pay.example/checkout/per-minute' } },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const card = await canvas.findByRole('article', { name: 'Per Minute' });
    await expect(within(card).getByText('$0.09 a second')).toBeVisible();
    await tabTo(within(card).getByRole('button', { name: 'Choose Per Minute' }));
    await userEvent.keyboard('{Enter}');
    await expect(
      await within(card).findByText(
        'Per Minute is for businesses with an annual revenue under $1M: confirm it to continue.',
      ),
    ).toBeVisible();
    await expect(h.calls.some((c) => c.path === '/api/v3/checkout-session')).toBe(false);
    await tabTo(within(card).getByRole('checkbox', { name: "My business's annual revenue is under $1M" }));
    await userEvent.keyboard(' ');
    await tabTo(within(card).getByRole('button', { name: 'Choose Per Minute' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(h.redirects).toEqual(['https://pay.example/checkout/per-minute']));
    await expect(h.calls.find((c) => c.path === '/api/v3/checkout-session')?.body).toEqual({
      price: 'per-minute',
      revenue_under_limit: true,
    });
  },
};

/** Credit packs with their prices; buying one opens checkout for it (payment, once). */
export const BuyCredits: Story = {
  loaders: [
    planHarness({
      user: onCreator,
      routes: {
        'GET /api/v3/subscriptions': { status: 200, body: creatorPlan },
        'POST /api/v3/checkout-session': { status: 200, body: { url: 'https://pay.example/checkout/pack' } },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const credits = await canvas.findByRole('region', { name: 'Buy credits' });
    await expect(within(credits).getByText('$29')).toBeVisible();
    await expect(within(credits).getByText('$86.40')).toBeVisible();
    await tabTo(within(credits).getByRole('button', { name: 'Buy 16 minutes for $86.40' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(h.redirects).toEqual(['https://pay.example/checkout/pack']));
    await expect(h.calls.find((c) => c.path === '/api/v3/checkout-session')?.body).toEqual({
      price: 'credits-16-min',
    });
  },
};

/** A Creator subscriber: "Your plan", the renewal date, the ledger with its CSV, and Manage billing. */
export const SubscriberManagesBilling: Story = {
  loaders: [
    planHarness({
      user: onCreator,
      routes: {
        'GET /api/v3/subscriptions': { status: 200, body: creatorPlan },
        'GET /api/v3/credits': {
          status: 200,
          body: testCredits({ seconds: 7200, chars: 100_000, subscription_seconds: 5400 }),
        },
        'POST /api/v3/customer-portal': { status: 200, body: { url: 'https://pay.example/portal' } },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Creator' })).toBeVisible();
    await expect(canvas.getByText('Active, renews on 25 Dec 2026.')).toBeVisible();
    const minutes = canvas.getByRole('meter', { name: 'Plan minutes' });
    await expect(minutes).toHaveAttribute('aria-valuenow', '25');
    await expect(within(canvas.getByRole('article', { name: 'Creator' })).getByText('Your plan')).toBeVisible();
    await expect(canvas.getByText('To change or cancel your plan, use Manage billing.')).toBeVisible();
    const history = canvas.getByRole('region', { name: 'Credit history' });
    await expect(await within(history).findByRole('rowheader', { name: /24 Jan 2026/ })).toBeVisible();
    await expect(within(history).getByText('Chapter one')).toBeVisible();
    await expect(within(history).getByRole('link', { name: 'Download as CSV' })).toHaveAttribute(
      'href',
      '/api/v3/credits/ledger/export',
    );
    await tabTo(canvas.getByRole('button', { name: 'Manage billing' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(h.redirects).toEqual(['https://pay.example/portal']));
  },
};

/** The plan cannot be loaded: the page says so where it happened and tries again. */
export const LoadFails: Story = {
  loaders: [
    async () => {
      let fail = true;
      return {
        harness: await createHarness({
          path: '/account/plan',
          user: onTrial,
          routes: {
            'GET /api/v3/credits/ledger': { status: 200, body: ledger },
            'GET /api/v3/subscriptions': () =>
              fail
                ? ((fail = false), { status: 503, body: { detail: 'The billing service is not answering.' } })
                : { status: 200, body: trialPlan },
          },
        }),
      };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The billing service is not answering.');
    await tabTo(within(alert).getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(await canvas.findByRole('article', { name: 'Creator' })).toBeVisible();
  },
};

/**
 * Back from checkout: /subscribed waits for the payment's effect, which arrives live (the user's plan changes,
 * the plan is loaded again), then says what was bought and announces it.
 */
export const SubscribedWaitsForThePayment: Story = {
  loaders: [
    async () => {
      rememberCheckout('creator-month', 0);
      let paid = false;
      const harness = await createHarness({
        path: '/subscribed',
        user: onTrial,
        routes: {
          'GET /api/v3/subscriptions': () => ({ status: 200, body: paid ? creatorPlan : trialPlan }),
        },
      });
      return { harness, pay: () => (paid = true) };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();
    // The webhook lands: the server tells the tab (user.updated) and the session takes the new user.
    (loaded.pay as () => void)();
    h.actor.send({ type: 'session.userUpdated', user: onCreator });
    await expect(await canvas.findByRole('heading', { level: 1, name: "You're on Creator." })).toBeVisible();
    await waitFor(() => expect(announced()).toContain("You're on Creator."));
    await tabTo(canvas.getByRole('link', { name: 'Start converting' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /new')).toBeVisible();
    await expect(sessionStorage.getItem('timbre.pendingCheckout')).toBeNull();
  },
};

/** A credit pack: the minutes arrive live (credits.updated2) and the page says how many. */
export const SubscribedCreditsArrive: Story = {
  loaders: [
    async () => {
      rememberCheckout('credits-16-min', 0);
      return {
        harness: await createHarness({
          path: '/subscribed',
          user: onCreator,
          routes: { 'GET /api/v3/subscriptions': { status: 200, body: creatorPlan } },
        }),
      };
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();
    h.subscription.send({
      type: 'subscription.credits',
      credits: testCredits({
        seconds: 7200,
        bought_credits: 960,
        initial_bought_credits: 960,
        available_seconds: 8160,
      }),
    });
    await expect(await canvas.findByRole('heading', { level: 1, name: '16 minutes of credits added.' })).toBeVisible();
    await expect(canvas.getByText('You can convert 136 minutes of audio now.')).toBeVisible();
  },
};

/** An admin has nothing to buy; they put a user on a Custom plan, found by e-mail, by keyboard. */
export const AdminSetsCustomPlan: Story = {
  loaders: [
    planHarness({
      user: { ...testUser(), roles: ['admin'] },
      routes: {
        'GET /api/v3/users': ({ query }) => ({
          status: 200,
          body: {
            items: query.get('search') === 'grace@example.com' ? [{ ...testUser(), email: 'grace@example.com' }] : [],
            total: query.get('search') === 'grace@example.com' ? 1 : 0,
            offset: 0,
            limit: 10,
          },
        }),
        'PUT /api/v3/users/{id}/plan': (call) =>
          call.params.id === testUser().id
            ? { status: 200, body: testUser(), delay: 50 }
            : { status: 404, body: { detail: 'User not found' } },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Administrators always have access: there is nothing to buy here.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Buy credits' })).toBeNull();
    const email = canvas.getByRole('textbox', { name: /The user's e-mail address/ });
    await tabTo(email);
    await userEvent.keyboard('nobody@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Put on this plan' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('No user has this e-mail address.')).toBeVisible();
    await tabTo(email);
    await userEvent.keyboard('{Control>}a{/Control}grace@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Put on this plan' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent('grace@example.com is now on Custom.');
    await expect(h.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Custom',
      minutes: 600,
      tts_chars: 500_000,
      amount: 100_000,
      interval: 'month',
    });
    await expect(announced()).toContain('grace@example.com is now on Custom.');
  },
};
