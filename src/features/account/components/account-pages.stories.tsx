import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { testCredits, testUser, type FakeRoutes } from '../../../api/testing/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { registerAccountModals } from '../modals/register.ts';
import { AccountPage } from './account-page.tsx';
import { ApiReferencePage } from './api-reference-page.tsx';
import { StatisticsPage } from './statistics-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

/** The account pages over a fake server typed from the contract; the plays use the keyboard only. */

const body = () => within(document.body);

interface Loaded {
  harness: Harness;
}

const user = testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } });

const meta = {
  title: 'Pages/Account',
  beforeEach: () => registerAccountModals(),
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const harnessOf = (loaded: unknown) => (loaded as Loaded).harness;

function page(path: string, Screen: () => React.ReactNode, routes: FakeRoutes): Pick<Story, 'render' | 'loaders'> {
  return {
    loaders: [async (): Promise<Loaded> => ({ harness: await createHarness({ path, user, routes }) })],
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern={path}>
        <main>
          <Screen />
        </main>
      </HarnessRouter>
    ),
  };
}

const savedUser = (denoise: boolean) => ({
  ...user,
  data: { ...user.data, advanced_settings: { ...user.data.advanced_settings, denoise } },
});

/** A switch saves the setting to the account at once; an API key is created, shown once, then revoked. */
export const Account: Story = {
  ...page('/account', AccountPage, {
    'PUT /api/v3/settings': ({ body: sent }) => ({
      status: 200,
      body: savedUser(Boolean((sent as { advanced_settings?: { denoise?: boolean } }).advanced_settings?.denoise)),
    }),
    'GET /api/v3/api-key': { status: 404, body: { detail: 'You have no API key.' } },
    'POST /api/v3/api-key': ({ body: sent }) => ({
      status: 201,
      body: {
        prefix: 'tmb_AbCdEfGh',
        created_at: '2026-01-05T10:00:00.000Z',
        expires_at: (sent as { expires_at: string | null }).expires_at,
        key: 'tmb_AbCdEfGhSECRETSECRETSECRETSECRET',
      },
    }),
    'DELETE /api/v3/api-key': { status: 204 },
  }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const harness = harnessOf(loaded);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(canvas.getByText('You are on Explorer.', { exact: false })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Plan and billing' })).toHaveAttribute('href', '/account/plan');

    const denoise = canvas.getByRole('switch', { name: 'Reduce background noise' });
    await tabTo(denoise);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(denoise).toBeChecked());
    const put = harness.calls.find((c) => c.method === 'PUT' && c.path === '/api/v3/settings');
    await expect(put?.body).toEqual({ advanced_settings: { denoise: true } });
    await expect(harness.actor.getSnapshot().context.user?.data.advanced_settings.denoise).toBe(true);

    await expect(await canvas.findByText('You have no API key.')).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Create API key' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByTestId('api-key-secret')).toHaveTextContent('tmb_AbCdEfGhSECRET');
    const created = harness.calls.find((c) => c.method === 'POST' && c.path === '/api/v3/api-key');
    const expires = Date.parse((created?.body as { expires_at: string }).expires_at);
    await expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(90);
    await tabTo(canvas.getByRole('button', { name: 'I have copied it' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByTestId('api-key-secret')).toBeNull());
    await expect(canvas.getByText('tmb_AbCdEfGh…')).toBeVisible();

    await tabTo(canvas.getByRole('button', { name: 'Revoke API key' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('You have no API key.')).toBeVisible();
  },
};

/** "Delete account" opens the deleteAccount modal by keyboard. */
export const OpensDeleteAccount: Story = {
  ...page('/account', AccountPage, {
    'GET /api/v3/api-key': { status: 404, body: { detail: 'You have no API key.' } },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Delete account' }));
    await userEvent.keyboard('{Enter}');
    await expect(await body().findByRole('alertdialog', { name: 'Delete your account?' })).toBeInTheDocument();
  },
};

/** The NPS survey: a score by arrow keys, a reason, sent. */
export const NpsSurvey: Story = {
  ...page('/account', AccountPage, {
    'GET /api/v3/api-key': { status: 404, body: { detail: 'You have no API key.' } },
    'POST /api/v3/surveys/nps': { status: 204 },
  }),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('radio', { name: '0' }));
    for (let i = 0; i < 8; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '8' })).toBeChecked();
    await tabTo(canvas.getByRole('textbox', { name: /main reason/ }));
    await userEvent.keyboard('Quick results');
    await tabTo(canvas.getByRole('button', { name: 'Send answer' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Thank you for your answer.')).toBeVisible();
    const sent = harnessOf(loaded).calls.find((c) => c.path === '/api/v3/surveys/nps');
    await expect(sent?.body).toEqual({ score: 8, comment: 'Quick results' });
  },
};

const now = Date.now();
const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
const entry = (n: number, daysAgo: number, reason: string, seconds: number, chars = 0) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: at(daysAgo),
  reason,
  delta_seconds: seconds,
  delta_chars: chars,
  recording_id: null,
  recording_label: null,
});

const VOICE_A = '00000000-0000-4000-8000-00000000000a';
const VOICE_B = '00000000-0000-4000-8000-00000000000b';

/** Statistics: totals, and the charts for 30 days, read as a table by keyboard; 7 days narrows them. */
export const Statistics: Story = {
  ...page('/account/statistics', StatisticsPage, {
    'GET /api/v3/credits': { status: 200, body: testCredits({ seconds: 420 }) },
    // The server counts the conversions per voice in the period asked for.
    'GET /api/stats': ({ query }) => ({
      status: 200,
      body: {
        projects: 2,
        folders: 3,
        originals: 7,
        conversions: 12,
        finished_conversions: 11,
        seconds_converted: 540,
        tts_characters: 1200,
        voices:
          query.get('days') === '7'
            ? [{ voice_id: VOICE_A, voice_name: 'Aria', conversions: 2 }]
            : [
                { voice_id: VOICE_B, voice_name: 'Marcus', conversions: 7 },
                { voice_id: VOICE_A, voice_name: 'Aria', conversions: 4 },
                { voice_id: null, voice_name: 'Old Voice', conversions: 1 },
              ],
      },
    }),
    'GET /api/v3/credits/ledger': {
      status: 200,
      body: {
        total: 3,
        offset: 0,
        limit: 100,
        items: [
          entry(1, 0, 'conversion:plan', -120),
          entry(2, 2, 'tts', 0, -300),
          entry(3, 10, 'conversion:plan', -60),
        ],
      },
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('stats-totals')).toHaveTextContent('Conversions12');
    await expect(canvas.getByRole('img', { name: /3 minutes converted in the last 30 days/ })).toBeInTheDocument();
    await tabTo(canvas.getAllByRole('button', { name: 'Show the data as a table' })[0]!);
    await userEvent.keyboard('{Enter}');
    await expect(
      canvas.getByRole('table', { name: 'Minutes converted per day' }).querySelectorAll('tbody tr'),
    ).toHaveLength(30);
    await tabTo(canvas.getByRole('radio', { name: 'Last 30 days' }));
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(canvas.getByRole('img', { name: /2 minutes converted in the last 7 days/ })).toBeInTheDocument();
    // Conversions per voice: the server's counts for the period, as a chart, a summary and a table.
    await expect(
      await canvas.findByRole('img', {
        name: /^Conversions per voice 2 conversions into 1 voice in the last 7 days; the most into Aria \(2\)\.$/,
      }),
    ).toBeInTheDocument();
    await tabTo(canvas.getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(
      await canvas.findByRole('img', {
        name: /^Conversions per voice 12 conversions into 3 voices in the last 30 days; the most into Marcus \(7\)\.$/,
      }),
    ).toBeInTheDocument();
    const voicesTable = within(canvas.getByRole('figure', { name: 'Conversions per voice' })).getByRole('button', {
      name: 'Show the data as a table',
    });
    await tabTo(voicesTable);
    await userEvent.keyboard('{Enter}');
    const rows = canvas.getByRole('table', { name: 'Conversions per voice' }).querySelectorAll('tbody tr');
    await expect([...rows].map((row) => row.textContent)).toEqual(['Marcus7', 'Aria4', 'Old Voice1']);
  },
};

/** The API reference: the curl example and the calls the key can make, each opened by keyboard. */
export const ApiReference: Story = {
  ...page('/account/api', ApiReferencePage, {}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('api-example')).toHaveTextContent('X-API-Key: $TIMBRE_API_KEY');
    const order = canvas.getByRole('button', { name: /POST \/api\/v2\/orders —/ });
    await tabTo(order);
    await userEvent.keyboard('{Enter}');
    await expect(order).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText(/^Queues one conversion of original_id per entry/)).toBeVisible();
  },
};
