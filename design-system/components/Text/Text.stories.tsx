import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from './Text.tsx';

const meta = {
  title: 'Components/Text',
  component: Text,
  args: { children: 'Record or upload audio, then convert it into any voice.' },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByText('Record or upload audio, then convert it into any voice.');
    await expect(text.tagName).toBe('P');
    await expect(getComputedStyle(text).marginTop).toBe('0px');
  },
};

/** Every tone in light and dark: axe checks each colour against the page. */
export const Tones: Story = {
  render: () => (
    <Stack gap="sm">
      <Text tone="neutral">Neutral: the body text.</Text>
      <Text tone="muted">Muted: hints, captions and metadata.</Text>
      <Text tone="critical">Critical: the conversion failed.</Text>
      <Text tone="positive">Positive: the payment arrived.</Text>
      <Text tone="caution">Caution: your trial ends in 2 days.</Text>
      <Text tone="info">Info: a new voice is available.</Text>
      <Text tone="accent">Accent: a highlighted figure.</Text>
    </Stack>
  ),
};

export const TonesDark: Story = { ...Tones, globals: { theme: 'dark' } };

/** The app's type roles, in Inter: title 28/600, section 20/600, card title 16/600, body 15, meta 13. */
export const Roles: Story = {
  render: () => (
    <Stack gap="sm">
      <Text variant="title">Title: Projects</Text>
      <Text variant="section">Section: Conversions</Text>
      <Text variant="cardTitle">Card title: Interview, take 2</Text>
      <Text variant="body">Body: record or upload audio, then convert it into any voice.</Text>
      <Text variant="meta" tone="muted">
        Meta: 12 Nov 2026 · 3:42 · 44.1 kHz
      </Text>
      <Text variant="meta" numeric>
        Numeric: 1:07 / 11:48 · Page 12 of 31
      </Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = {
      'Title: Projects': ['28px', '600'],
      'Section: Conversions': ['20px', '600'],
      'Card title: Interview, take 2': ['16px', '600'],
      'Body: record or upload audio, then convert it into any voice.': ['15px', '400'],
    };
    for (const [text, [size, weight]] of Object.entries(sizes)) {
      const style = getComputedStyle(canvas.getByText(text));
      await expect(style.fontSize).toBe(size);
      await expect(style.fontWeight).toBe(weight);
      await expect(style.fontFamily).toMatch(/^"Inter Variable"/);
    }
    await expect(getComputedStyle(canvas.getByText(/^Meta:/)).fontSize).toBe('13px');
    await expect(getComputedStyle(canvas.getByText(/^Numeric:/)).fontVariantNumeric).toBe('tabular-nums');
  },
};

/** The raw size scale and its weights. */
export const SizesAndWeights: Story = {
  render: () => (
    <Stack gap="sm">
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Text key={size} size={size}>
          Size {size},{' '}
          <Text as="strong" weight="bold">
            bold
          </Text>{' '}
          and{' '}
          <Text as="span" weight="medium">
            medium
          </Text>
        </Text>
      ))}
    </Stack>
  ),
};

/** A long name cut to one line with an ellipsis; the whole name is still in the page for screen readers. */
export const Truncated: Story = {
  render: () => (
    <div style={{ maxWidth: '14rem' }}>
      <Text truncate>Interview with the lighthouse keeper, second take (final).wav</Text>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByText('Interview with the lighthouse keeper, second take (final).wav');
    await expect(text.scrollWidth).toBeGreaterThan(text.clientWidth);
  },
};
