import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, SelectItem } from './Select.tsx';

const accents = [
  { id: 'en-US', label: 'American' },
  { id: 'en-GB', label: 'British' },
  { id: 'en-AU', label: 'Australian' },
  { id: 'en-IN', label: 'Indian' },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { label: 'Accent', options: accents, onChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    const trigger = canvas.getByRole('button', { name: /Accent/ });
    await expect(trigger).toHaveTextContent('Select an option');

    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await body.findByRole('listbox', { name: 'Accent' });
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'American' })).toHaveFocus());
    // Read as a list box, not "dialog, …" first: nothing around it is a dialog.
    await expect(listbox.closest('[role="dialog"]')).toBeNull();

    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { name: 'British' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(args.onChange).toHaveBeenLastCalledWith('en-GB');
    await expect(trigger).toHaveTextContent('British');
    await expect(trigger).toHaveFocus();
    // The closed Select says its value with no checkmark: its one icon is the chevron.
    await expect(trigger.querySelectorAll('svg')).toHaveLength(1);
  },
};

/** The list left open, so axe checks the popover too. */
export const Open: Story = {
  args: { defaultValue: 'en-GB' },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await within(document.body).findByRole('listbox', { name: 'Accent' });
    const british = within(listbox).getByRole('option', { name: 'British' });
    await waitFor(() => expect(british).toHaveFocus());
    await expect(british).toHaveAttribute('aria-selected', 'true');
  },
};

/** Typing on the closed trigger selects the next option that starts with the letters typed. */
export const TypeToSelect: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Accent/ });
    await userEvent.tab();
    await userEvent.keyboard('i');
    await expect(args.onChange).toHaveBeenLastCalledWith('en-IN');
    await expect(trigger).toHaveTextContent('Indian');
  },
};

/** Escape closes the list without changing the value, and focus returns to the trigger. */
export const EscapeKeepsValue: Story = {
  args: { defaultValue: 'en-AU' },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Accent/ });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Australian' })).toHaveFocus());
    await expect(within(listbox).getByRole('option', { name: 'Australian' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveTextContent('Australian');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

const voices = [
  { id: 'v1', name: 'Aria', style: 'Narration' },
  { id: 'v2', name: 'Basil', style: 'Conversational' },
  { id: 'v3', name: 'Cleo', style: 'Newscast' },
];

/** `items` with a render function, for options that are more than a label. */
export const WithItems: Story = {
  args: { label: 'Voice', options: undefined },
  render: (args) => (
    <Select {...args} items={voices}>
      {(voice) => (
        <SelectItem id={voice.id} textValue={voice.name}>
          {voice.name} · {voice.style}
        </SelectItem>
      )}
    </Select>
  ),
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    const listbox = await within(document.body).findByRole('listbox', { name: 'Voice' });
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Aria · Narration' })).toHaveFocus());
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('v3');
    await expect(within(canvasElement).getByRole('button', { name: /Voice/ })).toHaveTextContent('Cleo · Newscast');
  },
};

export const WithDescription: Story = {
  args: { description: 'Used for text-to-speech.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Accent/ })).toHaveAccessibleDescription(
      'Used for text-to-speech.',
    );
  },
};

export const DisabledOption: Story = {
  args: { options: accents.map((a) => ({ ...a, isDisabled: a.id === 'en-GB' })) },
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'American' })).toHaveFocus());
    // Arrow Down skips the disabled option.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { name: 'Australian' })).toHaveFocus();
    await expect(within(listbox).getByRole('option', { name: 'British' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('en-AU');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose an accent.' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Accent/ });
    await expect(trigger).toHaveAccessibleDescription('Choose an accent.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'en-GB' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Accent/ })).toBeDisabled();
  },
};

export const OpenInDarkTheme: Story = { ...Open, globals: { theme: 'dark' } };
