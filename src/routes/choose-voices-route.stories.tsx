import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mergeRoutes, testUser, type FakeRoute } from '../api/testing/index.ts';
import {
  conversionsRoutes,
  FOLDER_ID,
  makeConversion,
  makeOriginal,
  PROJECT_ID,
  type ConversionsState,
} from '../features/conversions/components/story-server.ts';
import { registerAccountModals } from '../features/account/index.ts';
import { registerBillingModals } from '../features/billing/index.ts';
import { registerConversionsModals } from '../features/conversions/index.ts';
import { registerProjectsModals } from '../features/projects/index.ts';
import { catalogue, voicesRoutes, type VoicesState } from '../features/voices/components/story-server.ts';
import { registerVoicesModals } from '../features/voices/index.ts';
import {
  LAST_USED_VOICES_KEY,
  lastUsedVoicesStore,
  listPreferencesStore,
  NEW_ORIGINAL_KEY,
  voiceSelectionStore,
} from '../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../machines/story-harness.tsx';
import { resetTermsAcceptance } from '../shared/terms-gate.ts';
import { ChooseVoicesRoute } from './choose-voices-route.tsx';
import { RouteGuard } from './route-guard.tsx';
import { announced, tabTo } from '../../design-system/testing/index.ts';

/**
 * /choose-voices as the app composes it: the voice choice with the conversions' "Order conversions" under
 * the chosen voices, over a fake model manager and marketplace. Keyboard only; what a user notices: why the
 * button waits, the order the server got, where the user lands, the upgrade prompt, the refused voice.
 */

const original = makeOriginal({ label: 'Interview take 2' });
const ORDER_ROUTE = 'POST /api/v2/orders' as const;

async function pressEnterOn(element: HTMLElement) {
  await tabTo(element);
  await userEvent.keyboard('{Enter}');
}

interface Loaded {
  harness: Harness;
}

/** A signed-in user on /choose-voices, with the original just recorded unless `withOriginal` is false. */
async function load(
  options: {
    withOriginal?: boolean;
    order?: FakeRoute<'POST /api/v2/orders'>;
    /** Conversions the original already has. */
    conversions?: ConversionsState['conversions'];
    /** A new user who has not accepted the acceptable use policy yet. */
    newUser?: boolean;
  } = {},
): Promise<Loaded> {
  resetTermsAcceptance();
  const user = testUser(options.newUser ? { touAcceptedAt: null } : {});
  const voices: VoicesState = { voices: catalogue(), originals: [{ id: original.id, label: original.label }] };
  const marketplace: ConversionsState = {
    originals: [original],
    conversions: options.conversions ?? [],
    overrides: options.order ? { [ORDER_ROUTE]: options.order } : undefined,
  };
  const harness = await createHarness({
    path: '/choose-voices',
    user,
    routes: mergeRoutes(voicesRoutes(voices), conversionsRoutes(marketplace), {
      'POST /api/v3/tou': {
        status: 200,
        body: { ...user, data: { ...user.data, tou_accepted_at: '2026-01-05T10:00:00Z' } },
      },
    }),
    storage:
      options.withOriginal === false
        ? {}
        : {
            [NEW_ORIGINAL_KEY]: JSON.stringify({
              projectId: PROJECT_ID,
              folderId: FOLDER_ID,
              ignoreClear: false,
              uploaded: [original.id],
              type: 'record',
            }),
          },
  });
  listPreferencesStore.trigger.reload();
  lastUsedVoicesStore.trigger.reload();
  voiceSelectionStore.trigger.bind({ userId: null });
  return { harness };
}

const meta = {
  title: 'Routes/Choose voices and order',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    const undo = [
      registerVoicesModals(),
      registerProjectsModals(),
      registerConversionsModals(),
      registerBillingModals(),
      registerAccountModals(),
    ];
    return () => undo.forEach((fn) => fn());
  },
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as unknown as Loaded).harness}
      pattern="/choose-voices"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <ChooseVoicesRoute />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const orderButton = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: 'Order conversions' });
const harnessOf = (loaded: unknown) => (loaded as Loaded).harness;
const orders = (h: Harness) => h.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/orders');

/** Chooses voices by keyboard from the catalogue. */
async function choose(canvasElement: HTMLElement, ...names: string[]) {
  const canvas = within(canvasElement);
  for (const name of names) {
    const button = await canvas.findByRole('button', { name: `Choose ${name}` });
    await pressEnterOn(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  }
}

/** Without an original, then without a voice, the button waits and says why. */
export const OrderWaitsForAnOriginalAndAVoice: Story = {
  loaders: [() => load({ withOriginal: false })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await expect(orderButton(canvasElement)).toBeDisabled();
    await expect(orderButton(canvasElement)).toHaveAccessibleDescription(
      'Record or upload an original first: it is what the voices convert.',
    );
    await choose(canvasElement, 'Ada');
    await expect(orderButton(canvasElement)).toBeDisabled();
  },
};

/** With the original but no voice yet: it waits for a voice, then says what will be ordered. */
export const OrderWaitsForAVoice: Story = {
  loaders: [() => load()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Converting the original “Interview take 2”/)).toBeVisible();
    await expect(orderButton(canvasElement)).toBeDisabled();
    await expect(orderButton(canvasElement)).toHaveAccessibleDescription(
      'Choose at least one voice to convert your original into.',
    );
    await choose(canvasElement, 'Ada', 'Bruno');
    await expect(orderButton(canvasElement)).toBeEnabled();
    await expect(orderButton(canvasElement)).toHaveAccessibleDescription(
      '2 conversions of the original “Interview take 2”.',
    );
  },
};

/**
 * Ordered: the server gets the original and each voice with its settings; the choice is cleared, the voices
 * are the last used, it is announced, and the user lands on the original in its project and folder.
 */
export const OrderPlaced: Story = {
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText(/Converting the original/);
    await choose(canvasElement, 'Ada', 'Bruno');
    await pressEnterOn(orderButton(canvasElement));
    await expect(
      await canvas.findByText(`Now at /ada/podcast?folder=${FOLDER_ID}&original=${original.id}`),
    ).toBeVisible();
    await expect(orders(h).map((c) => c.body)).toEqual([
      {
        original_id: original.id,
        conversions: [
          { voice_id: catalogue()[0]!.id, accent_id: 'en-US', narration_style_id: 'BASIC', semitones_correction: 0 },
          { voice_id: catalogue()[1]!.id, accent_id: 'en-GB', narration_style_id: 'BASIC', semitones_correction: 0 },
        ],
        use_calibration: false,
      },
    ]);
    await expect(voiceSelectionStore.getSnapshot().context.choices).toEqual([]);
    const lastUsed = Object.values(JSON.parse(localStorage.getItem(LAST_USED_VOICES_KEY) ?? '{}')) as {
      name: string;
    }[];
    await expect(lastUsed.map((e) => e.name).sort()).toEqual(['Ada', 'Bruno']);
    await expect(localStorage.getItem(NEW_ORIGINAL_KEY)).toBeNull();
    await expect(announced()).toContain('2 conversions ordered. Their progress shows under the original.');
  },
};

/** A voice the plan does not include (402, reason voice): the voices' upgrade prompt; nothing is cleared. */
export const OrderNeedsUpgradeForAVoice: Story = {
  loaders: [
    () =>
      load({
        order: {
          status: 402,
          body: { detail: 'Ada is not included in your plan: upgrade to unlock this voice.', reason: 'voice' },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Converting the original/);
    await choose(canvasElement, 'Ada');
    const button = orderButton(canvasElement);
    await pressEnterOn(button);
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Extra Voice' });
    await expect(dialog).toHaveTextContent('Upgrade your plan to use this higher-tier voice, plus 100+ others.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(voiceSelectionStore.getSnapshot().context.choices).toHaveLength(1);
  },
};

/** Out of minutes (402): the plan's upgrade prompt with SPEC.md section 8's title for the reason. */
export const OrderOutOfMinutes: Story = {
  loaders: [
    () =>
      load({
        order: {
          status: 402,
          body: { detail: 'You are out of minutes: upgrade for 10x more, or buy credits.', reason: 'out_of_minutes' },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Converting the original/);
    await choose(canvasElement, 'Ada');
    await pressEnterOn(orderButton(canvasElement));
    const dialog = await screen.findByRole('dialog', { name: 'Out of Minutes? Upgrade for More!' });
    await expect(within(dialog).getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/account/plan');
  },
};

/** A voice the server refuses (422 at body/conversions/1/…): the message at that voice, and focus on its settings. */
export const OrderRefusesAVoice: Story = {
  loaders: [
    () =>
      load({
        order: {
          status: 422,
          body: {
            detail: 'body/conversions/1/accent_id is not an accent of Bruno',
            field: 'body/conversions/1/accent_id',
          },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Converting the original/);
    await choose(canvasElement, 'Ada', 'Bruno');
    await pressEnterOn(orderButton(canvasElement));
    const chosen = canvas.getByRole('list', { name: 'Chosen voices (2 of 20)' });
    const message = 'This accent is not one of the voice’s. Choose another in its settings.';
    const settings = within(chosen).getByRole('button', { name: 'Settings for Bruno' });
    await waitFor(() => expect(settings).toHaveFocus());
    await expect(settings).toHaveAccessibleDescription(message);
    await expect(within(chosen).getByText(message)).toBeVisible();
    await expect(within(chosen).getByRole('button', { name: 'Settings for Ada' })).not.toHaveAccessibleDescription();
    await expect(announced()).toContain(`Bruno: ${message}`);
  },
};

/**
 * The order says what the original already has in the chosen voices (POST /api/recordings/conversion-count),
 * so a voice is not ordered twice by mistake; a voice without conversions is not mentioned.
 */
export const OrderSaysWhatIsThere: Story = {
  loaders: [
    () =>
      load({
        conversions: [
          makeConversion(1, original, 'Ada', 'done', { voice_id: catalogue()[0]!.id }),
          makeConversion(2, original, 'Ada', 'done', { voice_id: catalogue()[0]!.id }),
        ],
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText(/Converting the original/);
    await choose(canvasElement, 'Bruno');
    await waitFor(() =>
      expect(h.calls.filter((c) => c.path === '/api/recordings/conversion-count').length).toBeGreaterThan(0),
    );
    await expect(canvas.queryByRole('list', { name: 'Conversions made before' })).toBeNull();
    await choose(canvasElement, 'Ada');
    const before = await canvas.findByRole('list', { name: 'Conversions made before' });
    await expect(before).toHaveTextContent('“Interview take 2” already has 2 conversions into Ada.');
    await expect(before).not.toHaveTextContent('Bruno');
    const last = h.calls.filter((c) => c.path === '/api/recordings/conversion-count').at(-1);
    await expect(last?.body).toEqual({
      original_id: original.id,
      voice_ids: [catalogue()[0]!.id, catalogue()[1]!.id].sort(),
    });
  },
};

const touCalls = (h: Harness) => h.calls.filter((c) => c.method === 'POST' && c.path === '/api/v3/tou');

/**
 * A new user's first order: the acceptable use policy comes first. "Not now" sends nothing and says why, with
 * focus back on the button; ordering again asks again, and "I accept" records it (POST /api/v3/tou) and the
 * order goes on.
 */
export const FirstOrderAsksToAcceptThePolicy: Story = {
  loaders: [() => load({ newUser: true })],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText(/Converting the original/);
    await choose(canvasElement, 'Ada');
    await pressEnterOn(orderButton(canvasElement));

    const policy = await screen.findByRole('alertdialog', { name: 'Acceptable Use Policy' });
    await expect(policy).toHaveTextContent('Before your first conversion, please accept our Acceptable Use Policy.');
    await tabTo(within(policy).getByRole('button', { name: 'Not now' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const declined = 'Nothing was ordered: accept the Acceptable Use Policy to order your first conversions.';
    await expect(await canvas.findByText(declined)).toBeVisible();
    await expect(announced()).toContain(declined);
    await waitFor(() => expect(orderButton(canvasElement)).toHaveFocus());
    await expect(orders(h)).toEqual([]);
    await expect(touCalls(h)).toEqual([]);

    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Acceptable Use Policy' });
    await tabTo(within(again).getByRole('button', { name: 'I accept' }));
    await userEvent.keyboard('{Enter}');
    await expect(
      await canvas.findByText(`Now at /ada/podcast?folder=${FOLDER_ID}&original=${original.id}`),
    ).toBeVisible();
    await expect(touCalls(h)).toHaveLength(1);
    await expect(orders(h)).toHaveLength(1);
    await expect(orders(h)[0]?.body).toMatchObject({ original_id: original.id });
  },
};

/** A user who accepted the policy before orders without being asked. */
export const LaterOrdersDoNotAsk: Story = {
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText(/Converting the original/);
    await choose(canvasElement, 'Ada');
    await pressEnterOn(orderButton(canvasElement));
    await expect(await canvas.findByText(/^Now at \/ada\/podcast/)).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(touCalls(h)).toEqual([]);
    await expect(orders(h)).toHaveLength(1);
  },
};
