import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar.tsx';

// A tiny inline picture, so the story needs no network.
const PICTURE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#4b2fd6"/><circle cx="20" cy="16" r="7" fill="#ece8ff"/><path d="M6 40a14 14 0 0 1 28 0z" fill="#ece8ff"/></svg>',
  );

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Picture: Story = {
  args: { src: PICTURE },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', PICTURE);
  },
};

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  },
};

/** A picture that fails to load falls back to the initials, still named. */
export const BrokenPicture: Story = {
  args: { src: 'data:image/png;base64,broken' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('AL')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument();
  },
};

/** Beside the written name the avatar is hidden, so the name is not read twice. */
export const Decorative: Story = {
  render: () => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Avatar name="Ada Lovelace" decorative size="sm" />
      Ada Lovelace
    </span>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const Sizes: Story = {
  render: () => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Avatar name="Small Voice" size="sm" />
      <Avatar name="Medium Voice" size="md" />
      <Avatar name="Large Voice" size="lg" src={PICTURE} />
    </span>
  ),
};
