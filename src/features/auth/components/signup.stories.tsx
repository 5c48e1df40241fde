import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness, type HarnessOptions } from '../../../machines/story-harness.tsx';
import { sessionStatus } from '../../../machines/index.ts';
import { testUser } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { SignupPage } from './signup-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

const newUser = testUser({ verified: false, wizard: { ignoreWizard: false } });

const harness =
  (options: Partial<HarnessOptions> = {}) =>
  async () => ({
    harness: await createHarness({
      path: '/signup',
      ...options,
      routes: {
        'GET /api/v3/oauth2': { status: 200, body: { providers: [] } },
        'POST /api/v3/tou': { status: 200, body: newUser },
        ...options.routes,
      },
    }),
  });

/** Fills the form with the keyboard alone: names, e-mail, password, the terms box. */
async function fillIn(canvas: ReturnType<typeof within>, email = 'ada@example.com') {
  await tabTo(await canvas.findByRole('textbox', { name: /First name/ }));
  await userEvent.keyboard('Ada');
  await userEvent.tab();
  await userEvent.keyboard('Lovelace');
  await userEvent.tab();
  await userEvent.keyboard(email);
  await userEvent.tab();
  await expect(canvas.getByLabelText(/Password/, { selector: 'input' })).toHaveFocus();
  await userEvent.keyboard('Analytical#1');
  await tabTo(canvas.getByRole('checkbox', { name: /I agree to the Terms Of Use/ }));
  await userEvent.keyboard(' ');
}

const meta = {
  title: 'Features/Auth/Signup',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/signup" layout={<RouteGuard kind="guestOnly" />}>
      <SignupPage botCheckSiteKey={null} />
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Sign up with a promo code picked up from a link: it is sent, the stored code is cleared, the user is thanked
 * and told the code was applied (toasts), and the new, unverified session moves on.
 */
export const SignUpWithPromo: Story = {
  loaders: [
    harness({
      storage: { 'timbre.promo': JSON.stringify({ code: 'SPRING', place: 'promo' }) },
      routes: {
        'POST /api/v3/signup': {
          status: 201,
          body: { user: newUser, csrf_token: 'csrf-s', promo_status: 'applied' },
          delay: 150,
        },
      },
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await fillIn(canvas);
    await tabTo(canvas.getByRole('button', { name: 'Create Account' }));
    await userEvent.keyboard('{Enter}');

    const toasts = within(await within(document.body).findByRole('region', { name: 'Notifications' }));
    await expect(
      await toasts.findByText('Thanks for signing up. Please check your mailbox for further instructions.'),
    ).toBeVisible();
    await expect(toasts.getByText('Promo code applied successfully.')).toBeVisible();
    await expect(await canvas.findByText('Now at /')).toBeVisible();
    await expect(h.calls.find((c) => c.path === '/api/v3/signup')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'Analytical#1',
      captcha_token: 'bot-check-off',
      start_trial: true,
      promo_code: 'SPRING',
    });
    await expect(localStorage.getItem('timbre.promo')).toBeNull();
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('unverified');
    await waitFor(() => expect(h.calls.some((c) => c.path === '/api/v3/tou')).toBe(true));
  },
};

/** An e-mail that already has an account (409) is said at the e-mail field, which gets focus. */
export const EmailTaken: Story = {
  loaders: [
    harness({
      routes: { 'POST /api/v3/signup': { status: 409, body: { detail: 'The e-mail is already registered.' } } },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillIn(canvas, 'taken@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Create Account' }));
    await userEvent.keyboard('{Enter}');
    const email = canvas.getByRole('textbox', { name: /E-mail/ });
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription('An account with this e-mail address already exists.');
  },
};

/** The field rules of SPEC.md section 5, at each field as the user types; submit goes to the first to fix. */
export const FieldRules: Story = {
  loaders: [harness()],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const first = await canvas.findByRole('textbox', { name: /First name/ });
    await tabTo(first);
    await userEvent.keyboard('A');
    await expect(first).toHaveAccessibleDescription('Use 2 to 20 letters, hyphens or apostrophes.');
    await userEvent.keyboard('da');
    await expect(first).not.toHaveAttribute('aria-invalid');

    const password = canvas.getByLabelText(/Password/, { selector: 'input' });
    await tabTo(password);
    await userEvent.keyboard('secret');
    await expect(password).toHaveAccessibleDescription(
      '8 to 32 characters with a digit, an uppercase letter, a lowercase letter and a special character. Use 8 to 32 characters with a digit, an uppercase letter, a lowercase letter and a special character.',
    );

    await tabTo(canvas.getByRole('button', { name: 'Create Account' }));
    await userEvent.keyboard('{Enter}');
    const last = canvas.getByRole('textbox', { name: /Last name/ });
    await expect(last).toHaveFocus();
    await expect(last).toHaveAccessibleDescription('This field is required.');
    await expect(h.calls.some((c) => c.path === '/api/v3/signup')).toBe(false);
  },
};

/** The server refusing a field (422 naming body/first_name) shows that field's rule there. */
export const ServerRefusesAField: Story = {
  loaders: [
    harness({
      routes: {
        'POST /api/v3/signup': {
          status: 422,
          body: { detail: 'body/first_name must match pattern', field: 'body/first_name' },
        },
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillIn(canvas);
    await tabTo(canvas.getByRole('button', { name: 'Create Account' }));
    await userEvent.keyboard('{Enter}');
    const first = canvas.getByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(first).toHaveFocus());
    await expect(first).toHaveAccessibleDescription('Use 2 to 20 letters, hyphens or apostrophes.');
  },
};
