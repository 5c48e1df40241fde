import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type FakeAnswer, testUser } from '../../../api/testing/index.ts';
import { createHarness, HarnessRouter, type Harness, type HarnessOptions } from '../../../machines/story-harness.tsx';
import { sessionStatus } from '../../../machines/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { LoginForm } from './login-form.tsx';
import { LoginMobilePage } from './login-mobile-page.tsx';
import { LoginPage } from './login-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

/** Tabs until `element` has focus: the way a keyboard user reaches it. */

const redirect = fn();
const PROVIDER_NAMES = { google: 'Google', linkedin: 'LinkedIn', facebook: 'Facebook', apple: 'Apple' } as const;
const providers = (configured: string[]): FakeAnswer<'GET /api/v3/oauth2'> => ({
  status: 200,
  body: {
    providers: (Object.keys(PROVIDER_NAMES) as (keyof typeof PROVIDER_NAMES)[]).map((id) => ({
      id,
      name: PROVIDER_NAMES[id],
      configured: configured.includes(id),
    })),
  },
});

const harness =
  (options: Partial<HarnessOptions> = {}) =>
  async () => ({
    harness: await createHarness({
      path: '/login?next=%2Fprojects',
      ...options,
      routes: { 'GET /api/v3/oauth2': providers([]), ...options.routes },
    }),
  });

const meta = {
  title: 'Features/Auth/Login',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => redirect.mockClear(),
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/login" layout={<RouteGuard kind="guestOnly" />}>
      <LoginPage redirect={redirect} />
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Log in with the keyboard; the guard then goes on to `next` (/projects). */
export const LogIn: Story = {
  loaders: [
    harness({
      routes: {
        'POST /api/v3/login': { status: 200, body: { user: testUser(), csrf_token: 'csrf-new' }, delay: 200 },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: /E-mail/ });
    await tabTo(email);
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await expect(canvas.getByLabelText(/Password/, { selector: 'input' })).toHaveFocus();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(await canvas.findByText('Now at /projects')).toBeVisible();
    await expect(h.calls.find((c) => c.path === '/api/v3/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret#123',
    });
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('verified');
    await expect(h.tokens.get()).toBe('csrf-new');
  },
};

/**
 * A wrong password (401) is said for the whole form, as an alert; both fields are marked invalid and
 * described by it (WCAG 3.3.1), until the next try; the user stays on the page.
 */
export const WrongPassword: Story = {
  loaders: [
    harness({ routes: { 'POST /api/v3/login': { status: 401, body: { detail: 'Wrong e-mail or password' } } } }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('not-it{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The e-mail address or password is not right.');
    for (const field of [canvas.getByRole('textbox', { name: /E-mail/ }), canvas.getByLabelText(/^Password/)]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/The e-mail address or password is not right\./);
    }
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('guest');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  },
};

/** A malformed e-mail is refused before sending: focus goes to the field, whose error describes it. */
export const InvalidEmail: Story = {
  loaders: [harness()],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: /E-mail/ });
    await tabTo(canvas.getByRole('button', { name: 'Log In' }));
    await userEvent.keyboard('{Enter}');
    await expect(email).toHaveFocus();
    await expect(email).toHaveAccessibleDescription('This field is required.');
    await userEvent.keyboard('ada@');
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    await userEvent.tab();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(email).toHaveFocus();
    await expect(h.calls.some((c) => c.path === '/api/v3/login')).toBe(false);
  },
};

/** Too many attempts (429): how long to wait, in minutes. */
export const TooManyAttempts: Story = {
  loaders: [
    harness({
      routes: {
        'POST /api/v3/login': {
          status: 429,
          body: { detail: { message: 'Too many attempts', retry_after: 540 } },
          headers: { 'retry-after': '540' },
        },
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 9 minutes.');
  },
};

/**
 * OAuth: providers the server has not configured are disabled and say so; a configured one asks for its
 * address and sends the browser there, remembering `next`.
 */
export const OauthProviders: Story = {
  loaders: [
    harness({
      routes: {
        'GET /api/v3/oauth2': providers(['google']),
        'GET /api/v3/oauth2/{provider}': { status: 200, body: { auth_uri: 'https://accounts.example/auth?state=s1' } },
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The buttons show (disabled) while the list loads; a configured provider's turns on when it arrives.
    const google = await canvas.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    const apple = canvas.getByRole('button', { name: 'Continue with Apple' });
    await expect(apple).toBeDisabled();
    await expect(apple).toHaveAccessibleDescription('Apple sign-in is not available');
    await expect(canvas.getByRole('button', { name: 'Continue with LinkedIn' })).toBeDisabled();

    await tabTo(google);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://accounts.example/auth?state=s1'));
    await expect(localStorage.getItem('timbre.next_route')).toBe('/projects');
  },
};

/** When the provider list cannot be had, no provider is offered as working. */
export const OauthListUnavailable: Story = {
  loaders: [harness({ routes: { 'GET /api/v3/oauth2': { status: 501, body: { detail: 'Not implemented' } } } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Google', 'LinkedIn', 'Facebook', 'Apple']) {
      const button = await canvas.findByRole('button', { name: `Continue with ${name}` });
      await expect(button).toBeDisabled();
      await waitFor(() => expect(button).toHaveAccessibleDescription(`${name} sign-in is not available`));
    }
  },
};

/** A stand-in for Cloudflare Turnstile: its widget is one button that hands over a token. */
function fakeTurnstile() {
  const before = window.turnstile;
  window.turnstile = {
    render(element, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human';
      button.onclick = () => (options.callback as (token: string) => void)('turnstile-token');
      element.append(button);
      return 'widget-1';
    },
    reset: () => undefined,
    remove: () => undefined,
  };
  return () => {
    window.turnstile = before;
  };
}

/**
 * After many failed attempts on the account the server asks for the bot check (422, captcha_required): the
 * widget appears, the form says why, and the next try carries its token.
 */
export const BotCheckAsked: Story = {
  beforeEach: fakeTurnstile,
  loaders: [
    harness({
      routes: {
        'POST /api/v3/login': (call) =>
          (call.body as { captcha_token?: string }).captcha_token === 'turnstile-token'
            ? { status: 200, body: { user: testUser(), csrf_token: 'csrf-new' } }
            : {
                status: 422,
                body: {
                  detail: 'Too many login attempts on this account. Please complete the bot check to log in.',
                  field: 'body/captcha_token',
                  captcha_required: true,
                },
              },
      },
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/login" layout={<RouteGuard kind="guestOnly" />}>
      <LoginForm botCheckSiteKey="story-site-key" />
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    // No widget until the server asks.
    await expect(canvas.queryByRole('button', { name: 'I am human' })).toBeNull();
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'There were many attempts to log in to this account. Please complete the bot check, then log in.',
    );
    await expect(h.calls.filter((c) => c.path === '/api/v3/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret#123',
    });
    await userEvent.click(await canvas.findByRole('button', { name: 'I am human' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Log In' }));
    await expect(await canvas.findByText('Now at /projects')).toBeVisible();
    await expect(h.calls.filter((c) => c.path === '/api/v3/login')[1]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret#123',
      captcha_token: 'turnstile-token',
    });
  },
};

/** Asked for the bot check on a page that cannot show it (no site key): the form says to wait. */
export const BotCheckUnavailable: Story = {
  loaders: [
    harness({
      routes: {
        'POST /api/v3/login': {
          status: 422,
          body: { detail: 'Bot check needed', field: 'body/captcha_token', captcha_required: true },
        },
      },
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/login" layout={<RouteGuard kind="guestOnly" />}>
      <LoginForm botCheckSiteKey={null} />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'There were many attempts to log in to this account. Please try again in a few minutes.',
    );
  },
};

/** A signed-in user opening /login goes on to `next`. */
export const SignedInGoesOn: Story = {
  loaders: [harness({ user: testUser() })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Now at /projects')).toBeVisible();
  },
};

/** /login/mobile: the same form alone on a compact page, for the mobile app's web view. */
export const Mobile: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  loaders: [
    harness({
      path: '/login/mobile',
      routes: { 'POST /api/v3/login': { status: 200, body: { user: testUser(), csrf_token: 'csrf-m' } } },
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/login/mobile" layout={<RouteGuard kind="guestOnly" />}>
      <LoginMobilePage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('banner')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Continue with/ })).toBeNull();
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: /E-mail/ })).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('Secret#123{Enter}');
    await expect(await canvas.findByText('Now at /')).toBeVisible();
  },
};
