import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { HarnessRouter } from '../../../machines/story-harness.tsx';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerVoicesModals } from '../modals/register.ts';
import { VOICE_FILTERS_KEY } from '../voice-filters.store.ts';
import { VoiceTalentsPage } from './voice-talents-page.tsx';
import { announced, body, listQueries, loadVoices, pressEnterOn, type LoadedVoices } from './story-play.ts';
import { catalogue, makeVoice } from './story-server.ts';

const meta = {
  title: 'Features/Voices/Voice talents page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerVoicesModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as LoadedVoices).harness}
      pattern="/voice-talents"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <VoiceTalentsPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A portrait-shaped picture standing in for a voice talent's photo (3:4, plain shapes, no face). */
const PORTRAIT =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="#445"/>' +
      '<rect x="60" y="120" width="180" height="280" rx="90" fill="#aab"/></svg>',
  );
const BANNER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#c4a"/></svg>',
  );

const talents = () => [
  ...catalogue(),
  makeVoice(10, 'Kai', {
    voice_talent: true,
    visibility: 'private',
    owner_id: '5b0f4c36-8c51-4d8e-9d4a-0d7c1e4f1a21',
    info_url: 'https://talents.timbre.example/kai',
    contact_url: 'mailto:kai@talents.timbre.example',
    image_url: PORTRAIT,
    thumbnail_url: PORTRAIT,
    bg_image_url: BANNER,
  }),
];

export const Loading: Story = {
  loaders: [
    () =>
      loadVoices('/voice-talents', {
        voices: talents(),
        overrides: {
          'GET /api/v2/voices': { status: 200, body: { items: [], total: 0, offset: 0, limit: 20 }, delay: 30_000 },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Voice talents' })).toBeVisible();
    await expect(canvas.getByText('Loading voices…')).toHaveAttribute('role', 'status');
  },
};

/** Voice talents only, whatever the stored filter says; each with its page and contact. */
export const Loaded: Story = {
  loaders: [
    () =>
      loadVoices(
        '/voice-talents',
        { voices: talents() },
        { [VOICE_FILTERS_KEY]: JSON.stringify({ voice_talent: 'marketplace' }) },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const kai = await canvas.findByRole('article', { name: 'Kai' });
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await expect(listQueries((loaded as LoadedVoices).harness)[0]).toMatchObject({ voice_talent: 'true' });
    await expect(within(kai).getByText('Voice talent')).toBeVisible();
    await expect(within(kai).getByText('Private')).toBeVisible();
    // The talent's photo fills a fixed 48px square (cropped, never stretched), the voice's colour behind it.
    const photo = kai.querySelector('img')!;
    await expect(photo.getAttribute('src')).toBe(PORTRAIT);
    await expect(photo.getAttribute('alt')).toBe('');
    await waitFor(() => expect(photo.complete).toBe(true));
    const box = photo.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([48, 48]);
    await expect(getComputedStyle(photo).objectFit).toBe('cover');
    await expect(getComputedStyle(photo.parentElement!).backgroundImage).toContain('data:image/svg+xml');
    // An external page, in a new tab (the story router resolves hrefs without the app's absolute-URL rule).
    const about = within(kai).getByRole('link', { name: 'About Kai (opens in a new tab)' });
    await expect(about).toHaveAttribute('target', '_blank');
    await expect(about.getAttribute('href')).toContain('talents.timbre.example/kai');
    await pressEnterOn(canvas.getAllByRole('button', { name: 'Request a custom voice' })[0]!);
    const dialog = await body().findByRole('dialog', { name: 'Request a custom voice' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** No voice talents yet: the empty state offers the request. */
export const Empty: Story = {
  loaders: [() => loadVoices('/voice-talents', { voices: catalogue() })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const empty = await canvas.findByRole('heading', { name: 'No voice talents yet' });
    await expect(empty).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Request a custom voice' })).toHaveLength(2);
  },
};

export const Failed: Story = {
  loaders: [
    () =>
      loadVoices('/voice-talents', {
        voices: [],
        overrides: { 'GET /api/v2/voices': { status: 500, body: { detail: 'Database is down' } } },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = 'The voices could not be loaded: Database is down';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(announced()).toContain(message);
  },
};
