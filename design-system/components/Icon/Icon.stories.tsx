import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Icon } from './Icon.tsx';
import { ICON_NAMES } from './paths.ts';

const meta = {
  title: 'Components/Icon',
  component: Icon,
  args: { name: 'microphone', size: 'lg' },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Decorative: Story = {
  play: async ({ canvasElement }) => {
    // Without a label the icon is hidden from assistive technology.
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const Labelled: Story = {
  args: { name: 'warning', label: 'Warning' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Warning' })).toBeVisible();
  },
};

export const TheSet: Story = {
  render: () => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))',
        gap: 16,
        listStyle: 'none',
        padding: 0,
      }}
    >
      {ICON_NAMES.map((name) => (
        <li key={name} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, fontSize: 12 }}>
          <Icon name={name} size="lg" />
          {name}
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(ICON_NAMES.length);
  },
};
