import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import type { FakeAnswer } from '../../../api/testing/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { ChangePasswordPage, ChangePasswordSuccessPage } from './change-password-page.tsx';
import { ForgotPasswordEmailSentPage, ForgotPasswordPage } from './forgot-password-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

const meta = {
  title: 'Features/Auth/Password recovery',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /forgot-password: the e-mail is sent, and the page goes on to "check your mailbox". */
export const ForgotPassword: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/forgot-password',
        routes: { 'POST /api/v3/forgot-password': { status: 202, body: { detail: 'Accepted' } } },
      }),
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/forgot-password">
      <ForgotPasswordPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard(' ada@example.com ');
    await tabTo(canvas.getByRole('button', { name: 'Send Link' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /forgot-password-email-sent')).toBeVisible();
    await expect(h.calls.find((c) => c.path === '/api/v3/forgot-password')?.body).toEqual({ email: 'ada@example.com' });
  },
};

/** Too many requests for the address: the wait in minutes, for the whole form. */
export const ForgotPasswordRateLimited: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/forgot-password',
        routes: {
          'POST /api/v3/forgot-password': {
            status: 429,
            body: { detail: { message: 'Slow down', retry_after: 60 } },
          },
        },
      }),
    }),
  ],
  render: ForgotPassword.render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /E-mail/ }));
    await userEvent.keyboard('ada@example.com{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 1 minute.');
  },
};

export const EmailSent: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/forgot-password-email-sent' }) })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/forgot-password-email-sent">
      <ForgotPasswordEmailSentPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your mailbox' })).toBeVisible();
    const again = canvas.getByRole('link', { name: 'send the link again' });
    await tabTo(again);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /forgot-password')).toBeVisible();
  },
};

const changeHarness = (answer: FakeAnswer<'POST /api/v3/change-password'>) => async () => ({
  harness: await createHarness({
    path: '/change-password/reset-123',
    routes: { 'POST /api/v3/change-password': answer },
  }),
});

const renderChange: Story['render'] = (_args, { loaded }) => (
  <HarnessRouter harness={loaded.harness as Harness} pattern="/change-password/:changePasswordId">
    <ChangePasswordPage />
  </HarnessRouter>
);

/** The new password twice: a mismatch is refused at the second field; then it is updated and announced. */
export const ChangePassword: Story = {
  loaders: [changeHarness({ status: 200, body: { detail: 'Your password has been successfully updated.' } })],
  render: renderChange,
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const [password, repeat] = await canvas.findAllByLabelText(/password/i, { selector: 'input' });
    await tabTo(password!);
    await userEvent.keyboard('Analytical#2');
    await userEvent.tab();
    await tabTo(repeat!);
    await userEvent.keyboard('Analytical#3{Enter}');
    await expect(repeat).toHaveFocus();
    await expect(repeat).toHaveAccessibleDescription('The passwords do not match.');
    await userEvent.keyboard('{Backspace}2');
    await tabTo(canvas.getByRole('button', { name: 'Update Password' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /change-password-success')).toBeVisible();
    await expect(h.calls.find((c) => c.path === '/api/v3/change-password')?.body).toEqual({
      change_pass_id: 'reset-123',
      password: 'Analytical#2',
    });
    await expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
      'Your password has been successfully updated.',
    );
  },
};

/** An expired or used link (404): said for the form, with the way to a new link beside it. */
export const ChangePasswordExpired: Story = {
  loaders: [changeHarness({ status: 404, body: { detail: 'Not found' } })],
  render: renderChange,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [password, repeat] = await canvas.findAllByLabelText(/password/i, { selector: 'input' });
    await tabTo(password!);
    await userEvent.keyboard('Analytical#2');
    await tabTo(repeat!);
    await userEvent.keyboard('Analytical#2{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used. Ask for a new one.',
    );
    await tabTo(canvas.getByRole('link', { name: 'Ask for a new link' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByText('Now at /forgot-password')).toBeVisible());
  },
};

export const ChangePasswordSuccess: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/change-password-success' }) })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/change-password-success">
      <ChangePasswordSuccessPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your password has been successfully updated.')).toBeVisible();
    await tabTo(canvas.getByRole('link', { name: 'Log In' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /login')).toBeVisible();
  },
};
