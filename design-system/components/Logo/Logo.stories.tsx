import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Logo } from './Logo.tsx';

const meta = { title: 'Components/Logo', component: Logo } satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithWordmark: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Timbre' })).toBeVisible();
  },
};
export const SymbolOnly: Story = { args: { withWordmark: false, size: 48 } };
