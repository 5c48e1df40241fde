import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { sessionStatus } from '../../../machines/index.ts';
import { testUser } from '../../../api/testing/index.ts';
import { AuthRedirectPage, LoginRedirectPage, OauthCallbackPage } from './redirect-pages.tsx';

const meta = {
  title: 'Features/Auth/Sign-in hand-overs',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const renderOauth: Story['render'] = (_args, { loaded }) => (
  <HarnessRouter harness={loaded.harness as Harness} pattern="/oauth2/:provider">
    <OauthCallbackPage />
  </HarnessRouter>
);

/** /oauth2/google?code&state: the code goes to oauthLogin, the user is signed in and goes on via /login-redirect. */
export const OauthSignedIn: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/oauth2/google?code=abc&state=s1',
        routes: {
          'GET /api/v3/oauth2/{provider}/code': {
            status: 200,
            body: { user: testUser(), csrf_token: 'csrf-o', created: false },
            delay: 100,
          },
        },
      }),
    }),
  ],
  render: renderOauth,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Now at /login-redirect')).toBeVisible();
    const call = h.calls.find((c) => c.path === '/api/v3/oauth2/google/code')!;
    await expect(Object.fromEntries(call.query)).toEqual({ code: 'abc', state: 's1' });
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('verified');
    await expect(h.tokens.get()).toBe('csrf-o');
  },
};

/** A rejected code: SPEC.md section 8, the answer's detail is shown; the way back to log in. */
export const OauthFailed: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/oauth2/linkedin?code=used&state=s2',
        routes: {
          'GET /api/v3/oauth2/{provider}/code': {
            status: 401,
            body: { detail: 'The sign-in with LinkedIn could not be confirmed (state mismatch).' },
          },
        },
      }),
    }),
  ],
  render: renderOauth,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The sign-in with LinkedIn could not be confirmed (state mismatch).',
    );
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('guest');
    const back = canvas.getByRole('link', { name: 'Back to Log In' });
    for (let i = 0; i < 10 && document.activeElement !== back; i++) await userEvent.tab();
    await expect(back).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /login')).toBeVisible();
  },
};

/** The provider sent the user back without a code (they cancelled): said, and no call is made. */
export const OauthCancelled: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/oauth2/apple?error=access_denied' }) })],
  render: renderOauth,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('access_denied');
    await expect(h.calls.some((c) => c.path.includes('/oauth2/'))).toBe(false);
  },
};

const renderAuthRedirect: Story['render'] = (_args, { loaded }) => (
  <HarnessRouter harness={loaded.harness as Harness} pattern="/auth-redirect/:csrfToken">
    <AuthRedirectPage />
  </HarnessRouter>
);

/** /auth-redirect/{csrfToken}: the token is kept, the session restored with it, and the user goes on. */
export const AuthRedirect: Story = {
  loaders: [
    async () => {
      const harness = await createHarness({
        path: '/auth-redirect/csrf-from-server',
        routes: {
          'POST /api/v3/auth': (call) =>
            call.headers.get('X-CSRF-Token') === 'csrf-from-server'
              ? { status: 200, body: { user: testUser(), csrf_token: 'csrf-fresh' } }
              : { status: 401, body: { detail: 'Not authenticated' } },
        },
      });
      return { harness };
    },
  ],
  render: renderAuthRedirect,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await expect(await within(canvasElement).findByText('Now at /login-redirect')).toBeVisible();
    await expect(h.tokens.get()).toBe('csrf-fresh');
  },
};

/** A hand-over whose session is gone: said, with the way to log in. */
export const AuthRedirectExpired: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/auth-redirect/stale' }) })],
  render: renderAuthRedirect,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This sign-in link did not work. It may have expired. Please log in again.',
    );
  },
};

/** /login-redirect: on to the page remembered before leaving for the provider. */
export const LoginRedirect: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/login-redirect',
        user: testUser(),
        storage: { 'timbre.next_route': '/projects?sort=name' },
      }),
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/login-redirect">
      <LoginRedirectPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Now at /projects?sort=name')).toBeVisible();
    await expect(localStorage.getItem('timbre.next_route')).toBeNull();
  },
};
