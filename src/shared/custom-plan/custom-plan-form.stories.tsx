import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TextField, toastStore } from '../../../design-system/index.ts';
import { ApiError } from '../../api/index.ts';
import { CustomPlanForm, type CustomPlanFormProps } from './custom-plan-form.tsx';
import { tabTo } from '../../../design-system/testing/index.ts';

const refusal = (field?: string) =>
  new ApiError({ statusCode: 422, detail: 'That figure is refused.', body: {}, ...(field ? { field } : {}) });

/** The chooser's lookup: "no such user" first, then a refusal that names no field. */
const chooserSubmit = fn<CustomPlanFormProps['onSubmit']>();

/** An e-mail field, as the plan page chooses its user. */
function EmailChooser() {
  const [email, setEmail] = useState('');
  return <TextField name="email" type="email" label="E-mail address" isRequired value={email} onChange={setEmail} />;
}

/**
 * The Custom plan form the admin console's user page and the plan page share: each names its labels and chooses
 * the user its own way (the page's user, or a user found by e-mail in the chooser slot).
 */
const meta = {
  title: 'Shared/CustomPlanForm',
  component: CustomPlanForm,
  args: {
    messages: 'admin.custom',
    intervalMessages: 'admin.custom',
    onSubmit: fn(async () => undefined),
  },
} satisfies Meta<typeof CustomPlanForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** By keyboard: the name trimmed, the price in cents, the interval chosen with the arrow keys. */
export const SendsThePlan: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await tabTo(canvas.getByRole('textbox', { name: /Plan name/ }));
    await userEvent.keyboard('{Control>}a{/Control} Custom: Acme ');
    await tabTo(canvas.getByRole('radio', { name: 'Monthly' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Custom: Acme',
        minutes: 600,
        tts_chars: 500_000,
        amount: 100_000,
        interval: 'year',
      }),
    );
  },
};

/** The server refuses the characters (`body/tts_chars`): the refusal stands at that field, no toast. */
export const RefusedAtAPlanField: Story = {
  args: { onSubmit: fn(async () => Promise.reject(refusal('body/tts_chars'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toasts = toastStore.getSnapshot().context.toasts.length;
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    const characters = canvas.getByRole('textbox', { name: /TTS characters per period/ });
    await waitFor(() => expect(characters).toHaveAttribute('aria-invalid', 'true'));
    await expect(characters).toHaveAccessibleDescription(/That figure is refused\./);
    await expect(toastStore.getSnapshot().context.toasts).toHaveLength(toasts);
  },
};

/** A refusal that names no plan field, without a chooser: an error toast. */
export const RefusedElsewhere: Story = {
  args: { onSubmit: fn(async () => Promise.reject(refusal())) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(toastStore.getSnapshot().context.toasts.at(-1)).toMatchObject({
        message: 'That figure is refused.',
        severity: 'error',
      }),
    );
  },
};

/** With a chooser: its own refusal ("no such user") and any refusal naming no plan field stand at its field. */
export const RefusedAtTheChooser: Story = {
  args: {
    userChooser: <EmailChooser />,
    fallbackField: 'email',
    onSubmit: chooserSubmit,
  },
  play: async ({ canvasElement }) => {
    chooserSubmit.mockReset().mockResolvedValueOnce({ email: 'No such user.' }).mockRejectedValueOnce(refusal());
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: /E-mail address/ });
    await tabTo(email);
    await userEvent.keyboard('nobody@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription(/No such user\./));
    await expect(email).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}grace@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription(/That figure is refused\./));
    await expect(chooserSubmit).toHaveBeenCalledTimes(2);
  },
};
