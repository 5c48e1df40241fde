import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { LOGOUT_REDIRECT_DELAY, sessionStatus } from '../../../machines/index.ts';
import { testUser } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { UnverifiedPage } from './unverified-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

const USER_ID = '5b0f4c36-8c51-4d8e-9d4a-0d7c1e4f1a21';
const unverified = testUser({ verified: false, wizard: { ignoreWizard: false } });

const meta = {
  title: 'Features/Auth/E-mail verification',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const renderVerify: Story['render'] = (_args, { loaded }) => (
  <HarnessRouter harness={loaded.harness as Harness} pattern="/verify/email/:userId/:token">
    <VerifyEmailPage />
  </HarnessRouter>
);

/** The link from the e-mail: verified, said in SPEC.md's words; the signed-in session is restored. */
export const Verified: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: `/verify/email/${USER_ID}/token-1`,
        user: unverified,
        routes: { 'GET /api/v3/user/verify-email': { status: 200, body: { verified: true, user_id: USER_ID } } },
      }),
    }),
  ],
  render: renderVerify,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Thanks. Your email was verified successfully.')).toBeVisible();
    const call = h.calls.find((c) => c.path === '/api/v3/user/verify-email')!;
    await expect(Object.fromEntries(call.query)).toEqual({ user_id: USER_ID, verification_id: 'token-1' });
    await waitFor(() => expect(h.calls.filter((c) => c.path === '/api/v3/auth')).toHaveLength(2));
    const next = canvas.getByRole('link', { name: 'Continue' });
    await tabTo(next);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /')).toBeVisible();
  },
};

/** An expired or unknown link: the failure, and the way to a new link. */
export const LinkExpired: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: `/verify/email/${USER_ID}/old`,
        routes: { 'GET /api/v3/user/verify-email': { status: 404, body: { detail: 'Not found' } } },
      }),
    }),
  ],
  render: renderVerify,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'Your e-mail address could not be verified. This verification link is not valid or has expired.',
      ),
    ).toBeVisible();
    await tabTo(canvas.getByRole('link', { name: 'Log in to get a new link' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /login?next=%2Funverified')).toBeVisible();
  },
};

const unverifiedHarness = (routes: Parameters<typeof createHarness>[0]['routes']) => async () => ({
  harness: await createHarness({ path: '/unverified', user: unverified, routes }),
});

const renderUnverified: Story['render'] = (_args, { loaded }) => (
  <HarnessRouter
    harness={loaded.harness as Harness}
    pattern="/unverified"
    layout={<RouteGuard kind="unverifiedOnly" />}
  >
    <UnverifiedPage />
  </HarnessRouter>
);

/** Resend: "Email sent successfully", shown and announced. */
export const Resend: Story = {
  loaders: [
    unverifiedHarness({
      'POST /api/v3/user/resend-verify-email/': { status: 200, body: { detail: 'Email sent successfully' } },
    }),
  ],
  render: renderUnverified,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('ada@example.com')).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Resend E-mail' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Email sent successfully')).toBeVisible();
    await expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
      'Email sent successfully',
    );
    await expect(h.calls.find((c) => c.path === '/api/v3/user/resend-verify-email/')?.headers.get('X-CSRF-Token')).toBe(
      'story-csrf',
    );
  },
};

/** Resending too often (429): the wait, as an alert. */
export const ResendRateLimited: Story = {
  loaders: [
    unverifiedHarness({
      'POST /api/v3/user/resend-verify-email/': {
        status: 429,
        body: { detail: { message: 'Too many', retry_after: 3600 } },
      },
    }),
  ],
  render: renderUnverified,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Resend E-mail' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 minutes.');
  },
};

/** Log Out: the session ends at once (announced) and the page goes home 2 seconds later. */
export const LogOut: Story = {
  loaders: [unverifiedHarness({ 'POST /api/v3/logout': { status: 204 } })],
  render: renderUnverified,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Log Out' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
        'You are logged out. Taking you to the home page.',
      ),
    );
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('signingOut');
    await expect(h.tokens.get()).toBeNull();
    await expect(canvas.queryByText('Now at /')).toBeNull();
    await expect(await canvas.findByText('Now at /', {}, { timeout: LOGOUT_REDIRECT_DELAY + 3000 })).toBeVisible();
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('guest');
  },
};

/** A guest on /unverified is sent to log in first. */
export const GuestGoesToLogin: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/unverified' }) })],
  render: renderUnverified,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Now at /login?next=%2Funverified')).toBeVisible();
  },
};
