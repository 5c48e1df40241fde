import type { FormEvent } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../components/Button/index.ts';
import { Form } from '../../components/Form/index.ts';
import { Link } from '../../components/Link/index.ts';
import { PasswordField } from '../../components/PasswordField/index.ts';
import { TextField } from '../../components/TextField/index.ts';
import { createThemeStore, type ThemeStore } from '../theme-store.ts';
import { AuthLayout } from './AuthLayout.tsx';

const navigate = fn();
const onSubmit = fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());

const LoginForm = () => (
  <Form aria-label="Log in" onSubmit={onSubmit}>
    <TextField name="email" label="Email" type="email" isRequired autoComplete="email" />
    <PasswordField name="password" label="Password" isRequired autoComplete="current-password" />
    <Link href="/forgot-password">Forgot password?</Link>
    <Button type="submit">Log In</Button>
  </Form>
);

const meta = {
  title: 'Layouts/AuthLayout',
  component: AuthLayout,
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ themeStore: createThemeStore(null, () => {}) })],
  render: (args, { loaded }) => <AuthLayout {...args} themeStore={loaded.themeStore as ThemeStore} />,
  args: {
    title: 'Log In',
    description: 'Welcome back. Log in to your projects and voices.',
    children: <LoginForm />,
    aside: (
      <>
        Don&apos;t have an account? <Link href="/signup">Try For Free</Link>
      </>
    ),
    footer: (
      <>
        <Link href="/terms-of-use">Terms Of Use</Link>
        <span>© 2026 Timbre</span>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof AuthLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Skip link, logo home, then the form: filled in and sent with the keyboard alone. */
export const LogIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Log In' })).toBeVisible();

    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();

    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await expect(canvas.getByLabelText(/Password/, { selector: 'input' })).toHaveFocus();
    await userEvent.keyboard('Secret#123');
    await userEvent.keyboard('{Enter}');
    await expect(onSubmit).toHaveBeenCalled();
  },
};

/** The logo is a link home, reached by keyboard after the skip link. */
export const LogoGoesHome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    navigate.mockClear();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Timbre home' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/', undefined);
  },
};

/** A message page (e-mail sent, password changed): no form, only text and a way on. */
export const Message: Story = {
  args: {
    title: 'Check your mailbox',
    description: undefined,
    children: (
      <p style={{ margin: 0 }}>If an account exists for that e-mail, a link to choose a new password is on its way.</p>
    ),
    aside: <Link href="/login">Back to Log In</Link>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Check your mailbox' })).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};
