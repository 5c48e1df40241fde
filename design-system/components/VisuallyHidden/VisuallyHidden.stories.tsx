import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';

const meta = {
  title: 'Components/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Delete recording' },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An icon-only button named by hidden text: read by screen readers, not drawn. */
export const NamesAnIconButton: Story = {
  render: (args) => (
    <Button variant="secondary">
      <Icon name="trash" />
      <VisuallyHidden {...args} />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Delete recording' });
    await expect(button).toBeInTheDocument();
    const hidden = canvas.getByText('Delete recording');
    // Clipped to nothing, yet still rendered (not display: none).
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(getComputedStyle(hidden).display).not.toBe('none');
  },
};

/** With isFocusable it shows while keyboard focus is inside it: a skip link. */
export const SkipLink: Story = {
  render: () => (
    <>
      <VisuallyHidden isFocusable>
        <a href="#main">Skip to content</a>
      </VisuallyHidden>
      <main id="main" tabIndex={-1}>
        Page content
      </main>
    </>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    const clip = link.parentElement as HTMLElement;
    await expect(clip.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(clip.getBoundingClientRect().width).toBeGreaterThan(1);
  },
};
