import { useState, type FormEvent } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Checkbox } from '../Checkbox/index.ts';
import { CheckboxGroup } from '../CheckboxGroup/index.ts';
import { ComboBox } from '../ComboBox/index.ts';
import { NumberField } from '../NumberField/index.ts';
import { PasswordField } from '../PasswordField/index.ts';
import { Radio, RadioGroup } from '../RadioGroup/index.ts';
import { Select } from '../Select/index.ts';
import { TextField } from '../TextField/index.ts';
import { Form, type FormProps } from './Form.tsx';
import { tabTo } from '../../testing/index.ts';

const REQUIRED = 'This field is required.';

/** Tabs until `element` has focus (at most `max` times): the way a keyboard user reaches it. */

const onSubmit = fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());

const meta = {
  title: 'Components/Form',
  component: Form,
  args: { onSubmit, 'aria-label': 'Sign up' },
} satisfies Meta<typeof Form>;
export default meta;
type Story = StoryObj<typeof meta>;

function SignUpFields() {
  return (
    <>
      <TextField name="first_name" label="First name" isRequired autoComplete="given-name" />
      <TextField name="email" label="Email" type="email" isRequired autoComplete="email" />
      <PasswordField name="password" label="Password" isRequired autoComplete="new-password" />
      <Select
        name="accent"
        label="Accent"
        isRequired
        options={[
          { id: 'en-US', label: 'American' },
          { id: 'en-GB', label: 'British' },
        ]}
      />
      <RadioGroup name="plan" label="Plan" isRequired orientation="horizontal">
        <Radio value="free">Free trial</Radio>
        <Radio value="pro">Pro</Radio>
      </RadioGroup>
      <Checkbox name="terms" isRequired>
        I agree to the Terms of Service
      </Checkbox>
      <Button type="submit">Sign up</Button>
    </>
  );
}

/**
 * Submitting the empty form by keyboard: nothing is sent, focus lands on the first invalid field, and its
 * error is shown and is the field's description. Each submit takes the user to the next field to fix.
 */
export const RequiredFields: Story = {
  render: (args) => (
    <Form {...args}>
      <SignUpFields />
    </Form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Sign up' });
    const firstName = canvas.getByRole('textbox', { name: 'First name' });
    const email = canvas.getByRole('textbox', { name: 'Email' });
    const password = canvas.getByLabelText(/Password/, { selector: 'input' });
    await expect(canvas.queryByText(REQUIRED)).toBeNull();
    await expect(firstName).not.toHaveAttribute('aria-invalid');

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(firstName).toHaveFocus();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(REQUIRED);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getAllByText(REQUIRED)).toHaveLength(6);

    // Typing clears that field's error at once; the next submit goes to the next field in error.
    await userEvent.keyboard('Ada');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getAllByText(REQUIRED)).toHaveLength(5);
    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(email).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await expect(password).toHaveFocus();
    await userEvent.keyboard('Secret-42');

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    const accent = canvas.getByRole('button', { name: /Accent/ });
    await expect(accent).toHaveFocus();
    await expect(accent).toHaveAccessibleDescription(REQUIRED);
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'American' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(accent).not.toHaveAccessibleDescription(REQUIRED));

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    const plan = canvas.getByRole('radiogroup', { name: 'Plan' });
    await expect(canvas.getByRole('radio', { name: 'Free trial' })).toHaveFocus();
    await expect(plan).toHaveAttribute('aria-invalid', 'true');
    await expect(plan).toHaveAccessibleDescription(REQUIRED);
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Pro' })).toBeChecked();

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    const terms = canvas.getByRole('checkbox', { name: 'I agree to the Terms of Service' });
    await expect(terms).toHaveFocus();
    await expect(terms).toHaveAccessibleDescription(REQUIRED);
    await userEvent.keyboard(' ');

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(canvas.queryByText(REQUIRED)).toBeNull();
  },
};

/** The required check covers every kind of field: numbers, combo boxes, checkbox groups. */
export const RequiredChoices: Story = {
  render: (args) => (
    <Form {...args}>
      <NumberField name="copies" label="Copies" isRequired minValue={1} />
      <ComboBox
        name="language"
        label="Language"
        isRequired
        options={[
          { id: 'en', label: 'English' },
          { id: 'fr', label: 'French' },
        ]}
      />
      <CheckboxGroup name="formats" label="Formats" isRequired>
        <Checkbox value="wav">WAV</Checkbox>
        <Checkbox value="mp3">MP3</Checkbox>
      </CheckboxGroup>
      <Button type="submit">Export</Button>
    </Form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Export' });
    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    const copies = canvas.getByRole('textbox', { name: 'Copies' });
    await expect(copies).toHaveFocus();
    await expect(copies).toHaveAccessibleDescription(REQUIRED);
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveAccessibleDescription(REQUIRED);
    await expect(canvas.getByRole('group', { name: 'Formats' })).toHaveAccessibleDescription(REQUIRED);
    await userEvent.keyboard('2');

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await userEvent.keyboard('fr');
    await within(document.body).findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveValue('French');

    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('checkbox', { name: 'WAV' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await tabTo(submit);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** Errors from the server (`validationErrors` by field name): focus moves to the first, which is described by it. */
export const ServerErrors: Story = {
  render: function Render(args: FormProps) {
    const [errors, setErrors] = useState<Record<string, string>>({});
    return (
      <Form
        {...args}
        validationErrors={errors}
        onSubmit={(event) => {
          args.onSubmit?.(event);
          const email = new FormData(event.currentTarget).get('email');
          setErrors(email === 'taken@example.com' ? { email: 'An account with this email already exists.' } : {});
        }}
      >
        <TextField name="first_name" label="First name" defaultValue="Ada" />
        <TextField name="email" label="Email" type="email" />
        <Button type="submit">Sign up</Button>
      </Form>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await tabTo(email);
    await userEvent.keyboard('taken@example.com');
    await tabTo(canvas.getByRole('button', { name: 'Sign up' }));
    await userEvent.keyboard('{Enter}');

    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('An account with this email already exists.');

    // Submitting again without correcting it stays on the field; changing it clears the error when the
    // change is committed (leaving the field), as React Aria does.
    await tabTo(canvas.getByRole('button', { name: 'Sign up' }));
    await userEvent.keyboard('{Enter}');
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Control>}a{/Control}ada@example.com');
    await userEvent.tab();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('An account with this email already exists.')).toBeNull();
  },
};

/** Every kind of field showing an error, in the dark theme, so axe checks the error colours there too. */
export const ErrorsInDarkTheme: Story = {
  globals: { theme: 'dark' },
  args: {
    validationErrors: {
      first_name: 'Enter your first name.',
      email: 'Enter an email address like name@example.com.',
      password: 'Use 8 to 32 characters.',
      accent: 'Choose an accent.',
      plan: 'Choose a plan.',
      terms: 'Agree to the Terms of Service to continue.',
    },
  },
  render: (args) => (
    <Form {...args}>
      <SignUpFields />
    </Form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    await expect(canvas.getByRole('radiogroup', { name: 'Plan' })).toHaveAccessibleDescription('Choose a plan.');
  },
};

/** A field's own `validate` shows its error as the user types; submitting takes them back to it. */
export const ClientValidation: Story = {
  render: (args) => (
    <Form {...args}>
      <TextField
        name="promo_code"
        label="Promo code"
        description="Eight letters or digits."
        validate={(value) => (value && !/^[A-Z0-9]{8}$/i.test(value) ? 'Enter 8 letters or digits.' : null)}
      />
      <Button type="submit">Apply</Button>
    </Form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole('textbox', { name: 'Promo code' });
    await tabTo(code);
    await userEvent.keyboard('ABC');
    await expect(code).toHaveAccessibleDescription('Eight letters or digits. Enter 8 letters or digits.');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(code).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('12345');
    await expect(code).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** `validationBehavior="native"`: React Aria's own behaviour, with the browser's messages. */
export const NativeValidation: Story = {
  args: { validationBehavior: 'native' },
  render: (args) => (
    <Form {...args}>
      <TextField name="first_name" label="First name" isRequired />
      <Button type="submit">Save</Button>
    </Form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const firstName = canvas.getByRole('textbox', { name: 'First name' });
    await tabTo(canvas.getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await expect(firstName).toHaveFocus();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
