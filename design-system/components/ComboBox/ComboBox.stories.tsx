import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox, ComboBoxItem } from './ComboBox.tsx';

const languages = [
  { id: 'en', label: 'English' },
  { id: 'es', label: 'Spanish' },
  { id: 'fr', label: 'French' },
  { id: 'de', label: 'German' },
  { id: 'pt', label: 'Portuguese' },
];

const meta = {
  title: 'Components/ComboBox',
  component: ComboBox,
  args: { label: 'Language', options: languages, onChange: fn(), onInputChange: fn() },
} satisfies Meta<typeof ComboBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Language' });
    await userEvent.tab();
    await expect(input).toHaveFocus();

    await userEvent.keyboard('fr');
    const listbox = await within(document.body).findByRole('listbox', { name: /Language/ });
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['French']);
    await expect(input).toHaveAttribute('aria-expanded', 'true');

    // Focus stays in the input; the highlighted option is its aria-activedescendant.
    await userEvent.keyboard('{ArrowDown}');
    const french = within(listbox).getByRole('option', { name: 'French' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveAttribute('aria-activedescendant', french.id);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('listbox')).toBeNull());
    await expect(input).toHaveValue('French');
    await expect(args.onChange).toHaveBeenLastCalledWith('fr');
  },
};

/** Arrow Down on the empty input opens the whole list. */
export const BrowseAll: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('es');
  },
};

export const NoMatches: Story = {
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('xyz');
    await expect(await within(document.body).findByText('No matches')).toBeVisible();
  },
};

const voices = [
  { id: 'v1', name: 'Aria', style: 'Narration' },
  { id: 'v2', name: 'Basil', style: 'Conversational' },
  { id: 'v3', name: 'Cleo', style: 'Newscast' },
];

/** `defaultItems` with a render function: React Aria filters on each item's textValue. */
export const WithItems: Story = {
  args: { label: 'Voice', options: undefined },
  render: (args) => (
    <ComboBox label={args.label} onChange={args.onChange} defaultItems={voices}>
      {(voice) => (
        <ComboBoxItem id={voice.id} textValue={voice.name}>
          {voice.name} · {voice.style}
        </ComboBoxItem>
      )}
    </ComboBox>
  ),
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('cl');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: 'Cleo · Newscast' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('v3');
    await expect(within(canvasElement).getByRole('combobox')).toHaveValue('Cleo');
  },
};

export const WithDescription: Story = {
  args: { description: 'The language of the text you will type.', placeholder: 'Type to search' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveAccessibleDescription(
      'The language of the text you will type.',
    );
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Choose a language from the list.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Choose a language from the list.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'de' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('German');
  },
};
