import { useEffect, useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.tsx';
import { Skeleton } from './Skeleton.tsx';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { width: '12rem' },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <Skeleton shape="circle" width="40px" />
      <div style={{ display: 'grid', gap: 6, flex: 1 }}>
        <Skeleton width="60%" />
        <Skeleton width="40%" />
      </div>
      <Skeleton shape="rect" width="120px" height="48px" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    // Placeholders are not content: nothing of them reaches assistive technology.
    for (const el of canvasElement.querySelectorAll('span')) await expect(el).toHaveAttribute('aria-hidden', 'true');
  },
};

const VOICES = ['Amber', 'Bruno', 'Chen'];

/**
 * The loading-region pattern: the region that is loading says so with `aria-busy`, so screen readers wait
 * for it to settle; a polite status outside it tells what is happening; the skeletons stay silent.
 */
function VoicesRegion() {
  const headingId = useId();
  const [voices, setVoices] = useState<string[] | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setVoices(VOICES), 400);
    return () => clearTimeout(timer);
  }, []);
  const loading = voices === null;
  return (
    <>
      <div role="status">
        <VisuallyHidden>{loading ? 'Loading voices' : `${VOICES.length} voices loaded`}</VisuallyHidden>
      </div>
      <section aria-labelledby={headingId} aria-busy={loading}>
        <h2 id={headingId}>Voices</h2>
        {loading ? (
          <div style={{ display: 'grid', gap: 8 }}>
            {VOICES.map((v) => (
              <Skeleton key={v} width="14rem" />
            ))}
          </div>
        ) : (
          <ul>
            {voices.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const LoadingRegion: Story = {
  render: () => <VoicesRegion />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Voices' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading voices');
    await expect(within(region).queryByRole('listitem')).toBeNull();

    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    await expect(canvas.getByRole('status')).toHaveTextContent('3 voices loaded');
    await expect(within(region).getAllByRole('listitem')).toHaveLength(3);
  },
};
