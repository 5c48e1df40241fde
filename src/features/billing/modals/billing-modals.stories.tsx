import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, formatDateTime, useModal, type ModalId } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../api/testing/index.ts';
import { registerBillingModals } from './register.ts';
import type { TrialWarningData } from './trial-warning-modal.tsx';
import type { UpgradePlanData } from './upgrade-plan-modal.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The billing modals on their own: a button opens each by id through the modal store, as every feature
 * does, in the app's router with a signed-in trial user. The plays use the keyboard only and check SPEC.md
 * section 8's words, where the main button leads, that it has focus on opening, and where Enter takes the user.
 */

const body = () => within(document.body);

/** Tabs to the page's button and opens the modal with Enter; resolves with the trigger and the dialog. */
async function openByKeyboard(canvasElement: HTMLElement, label: string, title: string) {
  const trigger = within(canvasElement).getByRole('button', { name: label });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const dialog = await body().findByRole('dialog', { name: title });
  return { trigger, dialog };
}

/** The main button is a link to `href`, has focus, and Enter follows it, closing the modal. */
async function followMainLink(canvasElement: HTMLElement, dialog: HTMLElement, name: string, href: string) {
  const link = within(dialog).getByRole('link', { name });
  await expect(link).toHaveAttribute('href', href);
  await waitFor(() => expect(link).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  await expect(await within(canvasElement).findByText(`Now at ${href.replace(/#.*$/, '')}`)).toBeVisible();
}

/** A page with one button that opens modal `id` with `data`, as a feature's screen does. */
function Opener({ id, label, data }: { id: ModalId; label: string; data: unknown }) {
  const modal = useModal(id);
  return (
    <>
      <h1>Studio</h1>
      <Button onPress={() => modal.open(data)}>{label}</Button>
    </>
  );
}

interface Loaded {
  harness: Harness;
}

const load = async (): Promise<Loaded> => ({
  harness: await createHarness({
    path: '/studio',
    user: testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } }),
  }),
});

const meta = {
  title: 'Modals/Billing',
  beforeEach: () => registerBillingModals(),
  loaders: [load],
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function scene(id: ModalId, label: string, data: unknown): Pick<Story, 'render'> {
  return {
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/studio">
        <main>
          <Opener id={id} label={label} data={data} />
        </main>
      </HarnessRouter>
    ),
  };
}

interface Expected {
  title: string;
  text: string;
  button: string;
  href: string;
}

const PLAN = '/account/plan';
const UPGRADE = 'Upgrade plan';

/** One reason of SPEC.md section 8: the prompt opens with its title and text, and Enter follows its button. */
function upgradeStory(data: UpgradePlanData | undefined, expected: Expected): Story {
  return {
    ...scene('upgradePlan', 'Try it', data),
    play: async ({ canvasElement }) => {
      const { dialog } = await openByKeyboard(canvasElement, 'Try it', expected.title);
      // Visible once the opening transition is over.
      const heading = within(dialog).getByRole('heading', { name: expected.title });
      await waitFor(() => expect(heading).toBeVisible());
      await expect(dialog).toHaveTextContent(expected.text);
      await expect(within(dialog).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
      await followMainLink(canvasElement, dialog, expected.button, expected.href);
    },
  };
}

/** A refused download on the trial. */
export const UpgradeForDownload = upgradeStory(
  { reason: 'download' },
  {
    title: 'Unlock Download Feature',
    text: 'Upgrade from Trial to access the download feature.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** The trial has ended. */
export const UpgradeTrialExpired = upgradeStory(
  { reason: 'trial_expired' },
  {
    title: 'Trial Plan Expired? Upgrade Now!',
    text: 'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** No reason (or one this client does not know) reads as the expired trial: SPEC.md section 8's default. */
export const UpgradeWithoutReason = upgradeStory(undefined, {
  title: 'Trial Plan Expired? Upgrade Now!',
  text: 'Your trial plan has ended. Unlock full features by upgrading your plan now.',
  button: UPGRADE,
  href: PLAN,
});

/** The plan's minutes are used up: 10x more by upgrading, or credits. */
export const UpgradeOutOfMinutes = upgradeStory(
  { reason: 'out_of_minutes' },
  {
    title: 'Out of Minutes? Upgrade for More!',
    text: 'You have used the minutes of your plan. Upgrade for 10x more minutes, or buy credits.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** Pay As You Go credits are used up: "Buy Credits" leads to the plan page's credit packs. */
export const UpgradeOutOfCredits = upgradeStory(
  { reason: 'out_of_credits' },
  {
    title: 'Out of Credits! Upgrade Now',
    text: 'You have used your credits. Buy credits, or upgrade your plan, to keep converting.',
    button: 'Buy Credits',
    href: '/account/plan#credits',
  },
);

/** The plan's text-to-speech characters are used up (no longer the expired trial's text). */
export const UpgradeOutOfCharacters = upgradeStory(
  { reason: 'out_of_characters' },
  {
    title: 'Out of Characters! Upgrade Now',
    text: 'You have used the text-to-speech characters of your plan. Upgrade for more characters.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** A voice above the plan's tier, named by the opener. */
export const UpgradeForVoice = upgradeStory(
  { reason: 'voice', name: 'Echo' },
  {
    title: 'Unlock Extra Voice',
    text: 'Upgrade your plan to use Echo, a higher-tier voice, plus 100+ others.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** An accent outside the plan. */
export const UpgradeForAccent = upgradeStory(
  { reason: 'accent' },
  {
    title: 'Discover New Accent!',
    text: 'Upgrade your plan to use this accent, and every other accent of every voice.',
    button: UPGRADE,
    href: PLAN,
  },
);

/** Speech-to-speech on a plan without it (TTS Only). */
export const UpgradeToUnlockSts = upgradeStory(
  { reason: 'unlock_sts' },
  {
    title: 'Unlock STS Conversions',
    text: "STS conversions aren't included in this plan. Upgrade to enable this feature.",
    button: UPGRADE,
    href: PLAN,
  },
);

/** "Not now" closes the prompt and gives focus back to what opened it. */
export const UpgradeNotNow: Story = {
  ...scene('upgradePlan', 'Try it', { reason: 'download' } satisfies UpgradePlanData),
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Try it', 'Unlock Download Feature');
    await waitFor(() => expect(within(dialog).getByRole('link', { name: UPGRADE })).toHaveFocus());
    await userEvent.tab({ shift: true });
    await expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

// Two days and a few hours ahead: "in 2 days", whatever the second the story runs.
const endsAt = new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000).toISOString();

/** The trial ends soon: how long is left, when, what stops then, and "See plans". */
export const TrialEnding: Story = {
  ...scene('trialWarning', 'Check my trial', { kind: 'ending', endsAt } satisfies TrialWarningData),
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement, 'Check my trial', 'Your free trial ends in 2 days');
    await expect(dialog).toHaveTextContent(`It ends on ${formatDateTime(endsAt)}.`);
    const changes = within(dialog).getAllByRole('listitem');
    await expect(changes.map((item) => item.textContent)).toEqual([
      'no more conversions or text to speech;',
      'downloads need a paid plan.',
    ]);
    await followMainLink(canvasElement, dialog, 'See plans', PLAN);
  },
};

/** The trial has ended: SPEC.md section 8's words, and "Upgrade plan". */
export const TrialExpired: Story = {
  ...scene('trialWarning', 'Check my trial', { kind: 'expired' } satisfies TrialWarningData),
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement, 'Check my trial', 'Trial Plan Expired? Upgrade Now!');
    await expect(dialog).toHaveTextContent(
      'Your trial plan has ended. Unlock full features by upgrading your plan now.',
    );
    await followMainLink(canvasElement, dialog, UPGRADE, PLAN);
  },
};
