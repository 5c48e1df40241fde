import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import {
  LAST_USED_VOICES_KEY,
  LIST_PREFERENCES_KEY,
  NEW_ORIGINAL_KEY,
  voiceSelectionStore,
  type LastUsedVoiceEntry,
} from '../../../machines/index.ts';
import { BASIC_STYLE, testUser } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { Button } from '../../../../design-system/index.ts';
import { registerVoicesModals } from '../modals/register.ts';
import { VOICE_FILTERS_KEY } from '../voice-filters.store.ts';
import { ChooseVoicesPage } from './choose-voices-page.tsx';
import {
  announced,
  body,
  callsTo,
  chooseOption,
  listQueries,
  loadVoices,
  pressEnterOn,
  tabTo,
  type LoadedVoices,
} from './story-play.ts';
import { accent, catalogue, makeVoice, uuid } from './story-server.ts';

const ORIGINAL = uuid(700);

const meta = {
  title: 'Features/Voices/Choose voices page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerVoicesModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as LoadedVoices).harness}
      pattern="/choose-voices"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <ChooseVoicesPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const harnessOf = (loaded: unknown) => (loaded as LoadedVoices).harness as Harness;
const cardNames = (canvas: HTMLElement) =>
  within(canvas)
    .queryAllByRole('article')
    .map(
      (a) =>
        a.getAttribute('aria-labelledby') && document.getElementById(a.getAttribute('aria-labelledby')!)?.textContent,
    );

/** While the first page loads: skeletons in a busy region, and the status says so. */
export const Loading: Story = {
  loaders: [
    () =>
      loadVoices('/choose-voices', {
        voices: catalogue(),
        overrides: {
          'GET /api/v2/voices': { status: 200, body: { items: [], total: 0, offset: 0, limit: 20 }, delay: 30_000 },
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    await expect(canvas.getByText('Loading voices…')).toHaveAttribute('role', 'status');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
  },
};

/**
 * The original just recorded, the catalogue by its own order, 20 a page; a voice chosen by keyboard joins
 * the chosen voices and the last-used voices, and its settings are changed from there.
 */
export const ChooseForAnOriginal: Story = {
  loaders: [
    () =>
      loadVoices(
        '/choose-voices',
        { voices: catalogue(), originals: [{ id: ORIGINAL, label: 'Interview take 2' }] },
        {
          [NEW_ORIGINAL_KEY]: JSON.stringify({
            projectId: uuid(800),
            folderId: uuid(801),
            ignoreClear: false,
            uploaded: [ORIGINAL],
            type: 'record',
          }),
        },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await expect(await canvas.findByText(/Converting the original “Interview take 2”/)).toBeVisible();
    await expect(cardNames(canvasElement)).toEqual(['Ada', 'Bruno', 'Chen', 'Dot', 'Echo']);
    await expect(listQueries(h)[0]).toEqual({ sort: 'default', direction: 'desc', offset: '0', limit: '20' });
    await expect(
      canvas.getByText('No voices chosen yet. Choose up to 20: each becomes one conversion of your original.'),
    ).toBeVisible();

    const choose = canvas.getByRole('button', { name: 'Choose Ada' });
    await pressEnterOn(choose);
    await waitFor(() => expect(choose).toHaveAttribute('aria-pressed', 'true'));
    const chosen = canvas.getByRole('list', { name: 'Chosen voices (1 of 20)' });
    await expect(within(chosen).getByRole('heading', { name: 'Ada' })).toBeVisible();
    await expect(announced()).toContain('Ada chosen: American English, Basic, 0 semitones. 1 voice chosen.');
    const stored = Object.values(
      JSON.parse(localStorage.getItem(LAST_USED_VOICES_KEY) ?? '{}'),
    ) as LastUsedVoiceEntry[];
    await expect(stored.map((e) => [e.id, e.pitch, e.accent, e.narrationStyle])).toEqual([
      [uuid(1), 0, 'en-US', 'BASIC'],
    ]);

    // The chosen voice's settings: a pitch two half-steps down, saved, and the choice follows.
    await pressEnterOn(within(chosen).getByRole('button', { name: 'Settings for Ada' }));
    const dialog = await body().findByRole('dialog', { name: 'Settings for Ada' });
    await tabTo(within(dialog).getByRole('slider', { name: /Pitch shift/ }));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await pressEnterOn(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(within(chosen).getByText('American English, Basic, -1 semitones')).toBeVisible();
    await expect(callsTo(h, 'POST', '/api/v2/voices/settings').at(-1)?.body).toEqual({
      voice_id: uuid(1),
      accent_id: 'en-US',
      narration_style_id: 'BASIC',
      semitones_correction: -1,
    });
    await expect(voiceSelectionStore.getSnapshot().context.choices.map((c) => [c.id, c.pitch])).toEqual([
      [uuid(1), -1],
    ]);

    await pressEnterOn(within(chosen).getByRole('button', { name: 'Remove Ada' }));
    await waitFor(() => expect(choose).toHaveAttribute('aria-pressed', 'false'));
    await expect(announced()).toContain('Ada removed. No voices chosen.');
  },
};

/**
 * A chosen voice's row says "Chosen" and is outlined; from any voice, the skip link after its Choose (shown
 * when focused) lands on the order action in the summary bar.
 */
export const ChosenAndSkipToOrder: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: catalogue() })],
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as LoadedVoices).harness}
      pattern="/choose-voices"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        {/* The route layer's order action stands in as a plain button here (the conversions feature's own). */}
        <ChooseVoicesPage renderOrder={() => <Button>Order conversions</Button>} />
      </main>
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ada = await canvas.findByRole('article', { name: 'Ada' });
    // Nothing chosen: no skip link yet.
    await expect(canvas.queryByRole('button', { name: /^Go to order/ })).toBeNull();
    await pressEnterOn(within(ada).getByRole('button', { name: 'Choose Ada' }));
    await expect(await within(ada).findByText('Chosen')).toBeVisible();
    await expect(within(ada).getByText('Chosen with American English, Basic, 0 semitones')).toBeVisible();

    const chen = canvas.getByRole('article', { name: 'Chen' });
    within(chen).getByRole('button', { name: 'Choose Chen' }).focus();
    await userEvent.tab();
    const skip = within(chen).getByRole('button', { name: 'Go to order (1 chosen)' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Order conversions' })).toHaveFocus();
  },
};

/** An empty catalogue. */
export const Empty: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: [] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No voices yet' })).toBeVisible();
    await expect(canvas.getByText('No voices', { selector: '[role="status"]' })).toBeVisible();
    await expect(canvas.getByText(/No new original is waiting/)).toBeVisible();
  },
};

/** Stored filters that match nothing: the empty state clears them by keyboard and the list comes back. */
export const EmptyFiltered: Story = {
  loaders: [
    () =>
      loadVoices(
        '/choose-voices',
        { voices: catalogue() },
        { [VOICE_FILTERS_KEY]: JSON.stringify({ gender: ['male'], species: ['robot'] }) },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No voices match' })).toBeVisible();
    await expect(listQueries(h)[0]).toMatchObject({ gender: 'male', species: 'robot' });
    await expect(canvas.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    await pressEnterOn(canvas.getByRole('button', { name: 'Clear filters and search' }));
    await canvas.findByRole('article', { name: 'Ada' });
    await expect(listQueries(h).at(-1)).toEqual({ sort: 'default', direction: 'desc', offset: '0', limit: '20' });
    await expect(announced()).toContain('Filters and search cleared.');
    await expect(localStorage.getItem(VOICE_FILTERS_KEY)).toContain('"gender":[]');
  },
};

/** The catalogue fails: the failure is shown and announced, and Try again loads it. */
export const Failed: Story = {
  loaders: [
    () => {
      let failures = 1;
      const state = { voices: catalogue() };
      return loadVoices('/choose-voices', {
        ...state,
        overrides: {
          'GET /api/v2/voices': () =>
            failures-- > 0
              ? { status: 503, body: { detail: 'Catalogue unavailable' } }
              : { status: 200, body: { items: state.voices.slice(0, 2), total: 2, offset: 0, limit: 20 } },
        },
      });
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = 'The voices could not be loaded: Catalogue unavailable';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(announced()).toContain(message);
    await pressEnterOn(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('article', { name: 'Bruno' })).toBeVisible();
    await expect(canvas.getByText('2 voices', { selector: '[role="status"]' })).toBeVisible();
  },
};

/** The stored sort and page size are used first; a new sort is picked by keyboard, kept and announced. */
export const SortAndPreferences: Story = {
  loaders: [
    () =>
      loadVoices(
        '/choose-voices',
        { voices: catalogue() },
        { [LIST_PREFERENCES_KEY]: JSON.stringify({ voices: { sort: 'pitch', direction: 'asc', pageSize: 40 } }) },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await expect(listQueries(h)[0]).toEqual({ sort: 'pitch', direction: 'asc', offset: '0', limit: '40' });
    await chooseOption(canvas.getByRole('button', { name: /Sort voices by/ }), 'Pitch, high to low');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Echo', 'Dot', 'Chen', 'Bruno', 'Ada']));
    await expect(listQueries(h).at(-1)).toMatchObject({ sort: 'pitch', direction: 'desc' });
    await expect(JSON.parse(localStorage.getItem(LIST_PREFERENCES_KEY) ?? '{}').voices).toMatchObject({
      sort: 'pitch',
      direction: 'desc',
      pageSize: 40,
    });
    await expect(announced()).toContain('Voices sorted by Pitch, high to low.');
  },
};

/** A favourite by keyboard: the server gets it, the button says so, and it is announced. */
export const Favourite: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: catalogue() })],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Bruno' });
    const favourite = canvas.getByRole('button', { name: 'Favourite Bruno' });
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await pressEnterOn(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'));
    await expect(callsTo(h, 'POST', `/api/v2/voices/favorite/${uuid(2)}`).map((c) => c.body)).toEqual([
      { favorite: true },
    ]);
    await expect(announced()).toContain('Bruno added to your favourites.');

    // Favourites only: a switch, kept with the filters.
    const only = canvas.getByRole('switch', { name: 'Favourites only' });
    await tabTo(only);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Bruno']));
    await expect(listQueries(h).at(-1)).toMatchObject({ favorite: 'true' });
    await expect(announced()).toContain('Showing your favourite voices only.');
  },
};

/** Search by name, then the filters modal from the page narrows the same list. */
export const SearchAndFilters: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: catalogue() })],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await tabTo(canvas.getByRole('searchbox', { name: 'Search voices by name' }));
    await userEvent.keyboard('o{Enter}');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Bruno', 'Dot', 'Echo']));
    await expect(canvas.getByText('3 voices match “o”', { selector: '[role="status"]' })).toBeVisible();

    await pressEnterOn(canvas.getByRole('button', { name: 'Filters' }));
    const dialog = await body().findByRole('dialog', { name: 'Filter voices' });
    await tabTo(within(dialog).getByRole('checkbox', { name: 'Male' }));
    await userEvent.keyboard(' ');
    await pressEnterOn(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Bruno']));
    await expect(listQueries(h).at(-1)).toMatchObject({ search: 'o', gender: 'male', offset: '0' });
    await expect(canvas.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();
    await expect(announced()).toContain('1 filter applied.');
  },
};

/** Voice names as one types (GET /api/v2/voices/search, 10 at most): one press searches the list for that voice. */
export const SearchByName: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: catalogue() })],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    const field = canvas.getByRole('searchbox', { name: 'Search voices by name' });
    await tabTo(field);
    await userEvent.keyboard('br');
    const names = await canvas.findByRole('group', { name: 'Voices named like “br”' });
    await expect(
      within(names)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bruno']);
    const asked = callsTo(h, 'GET', '/api/v2/voices/search').at(-1);
    await expect(asked?.query.get('name')).toBe('br');
    await expect(asked?.query.get('limit')).toBe('10');
    // Not the list: it waits for Enter or a name.
    await expect(cardNames(canvasElement)).toEqual(['Ada', 'Bruno', 'Chen', 'Dot', 'Echo']);

    await tabTo(within(names).getByRole('button', { name: 'Bruno' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Bruno']));
    await expect(field).toHaveFocus();
    await expect(field).toHaveValue('Bruno');
    await waitFor(() => expect(announced()).toContain('1 voice matches “Bruno”'));
    await expect(canvas.queryByRole('group', { name: /Voices named like/ })).toBeNull();
  },
};

/** A narration style tag narrows the list to voices with a style so tagged; "Any Mood" to any style of the group. */
export const FilterByStyleTag: Story = {
  loaders: [
    () =>
      loadVoices('/choose-voices', {
        voices: [
          makeVoice(1, 'Ada', { narration_styles: [BASIC_STYLE] }),
          makeVoice(2, 'Bruno'),
          makeVoice(3, 'Chen', {
            narration_styles: [BASIC_STYLE, { id: 'SLOW', info: { name: 'Slow' }, is_default: false, tags: ['slow'] }],
          }),
        ],
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Ada' });
    await pressEnterOn(canvas.getByRole('button', { name: 'Filters' }));
    const dialog = await body().findByRole('dialog', { name: 'Filter voices' });
    const pace = await within(dialog).findByRole('group', { name: 'Pace' });
    await tabTo(within(pace).getByRole('checkbox', { name: 'Slow' }));
    await userEvent.keyboard(' ');
    await pressEnterOn(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Chen']));
    await expect(listQueries(h).at(-1)).toMatchObject({ narration_style_tags: 'slow' });
    await expect(canvas.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();

    // The whole Mood group instead: any voice with a calm or bright style (Bruno's Warm is calm).
    await pressEnterOn(canvas.getByRole('button', { name: 'Filters (1)' }));
    const again = await body().findByRole('dialog', { name: 'Filter voices' });
    await tabTo(within(again).getByRole('checkbox', { name: 'Slow' }));
    await userEvent.keyboard(' ');
    await tabTo(within(again).getByRole('checkbox', { name: 'Any Mood' }));
    await userEvent.keyboard(' ');
    await pressEnterOn(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cardNames(canvasElement)).toEqual(['Bruno']));
    await expect(listQueries(h).at(-1)).toMatchObject({ narration_style_tag_groups: 'mood' });
  },
};

/** More than a page: the next page by keyboard asks for the next offset. */
export const Pages: Story = {
  loaders: [
    () =>
      loadVoices('/choose-voices', {
        voices: Array.from({ length: 25 }, (_, i) => makeVoice(i + 1, `Voice ${i + 1}`)),
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Voice 1' });
    const pages = canvas.getByRole('navigation', { name: 'Voice pages' });
    await pressEnterOn(within(pages).getByRole('button', { name: 'Next page' }));
    await canvas.findByRole('article', { name: 'Voice 21' });
    await expect(cardNames(canvasElement)).toHaveLength(5);
    await expect(listQueries(h).at(-1)).toMatchObject({ offset: '20', limit: '20' });
    await expect(within(pages).getByText('Page 2 of 2')).toBeVisible();
  },
};

/** Voices outside the plan open the upgrade prompt; kids voices, how to request them. */
export const BlockedVoices: Story = {
  loaders: [() => loadVoices('/choose-voices', { voices: catalogue() })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('article', { name: 'Echo' });
    await expect(within(canvas.getByRole('article', { name: 'Echo' })).getByText('Not in your plan')).toBeVisible();
    // Outside the plan, Choose becomes Upgrade (with a lock).
    await expect(canvas.queryByRole('button', { name: 'Choose Echo' })).toBeNull();
    const echo = canvas.getByRole('button', { name: 'Upgrade to choose Echo' });
    await expect(echo).toHaveTextContent('Upgrade');
    await pressEnterOn(echo);
    const upgrade = await body().findByRole('dialog', { name: 'Unlock Extra Voice' });
    await expect(upgrade).toHaveTextContent('Upgrade your plan to use Echo');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(echo).toHaveFocus());

    await pressEnterOn(canvas.getByRole('button', { name: 'Choose Dot' }));
    const kids = await body().findByRole('dialog', { name: 'How to request kids voices' });
    await expect(kids).toHaveTextContent('Dot is a kids voice.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(voiceSelectionStore.getSnapshot().context.choices).toEqual([]);
  },
};

/** On the trial a voice's other accents are not included: choosing one with a saved other accent says so. */
export const AccentOutsideTheTrial: Story = {
  loaders: [
    () =>
      loadVoices(
        '/choose-voices',
        {
          voices: [
            makeVoice(2, 'Bruno', {
              accents: [accent('en-US', true), accent('en-GB')],
              settings: {
                voice_id: uuid(2),
                favorite: false,
                accent_id: 'en-GB',
                narration_style_id: 'BASIC',
                semitones_correction: 0,
              },
            }),
          ],
        },
        {},
        testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } }),
      ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bruno = await canvas.findByRole('button', { name: 'Choose Bruno' });
    await pressEnterOn(bruno);
    const prompt = await body().findByRole('dialog', { name: 'Discover New Accent!' });
    await expect(prompt).toHaveTextContent('British English');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bruno).toHaveFocus());
    await expect(voiceSelectionStore.getSnapshot().context.choices).toEqual([]);
  },
};

const recentEntry = (id: string, name: string, pitch: number, accentId: string, accentName: string) => ({
  id,
  name,
  thumbnail: null,
  pitch,
  accent: accentId,
  accentName,
  isDefault: false,
  narrationStyle: 'BASIC',
  narrationStyleName: 'Basic',
  isDefaultNarrationStyle: true,
  labelAccent: '',
  labelNarrationStyle: 'Basic',
  isVoiceTalent: false,
});

/**
 * The last-used voices, newest first, checked against the catalogue: another account's private voice leaves
 * the list (and it is said), and a voice is chosen again with the settings it was used with.
 */
export const RecentlyUsed: Story = {
  loaders: [
    () =>
      loadVoices(
        '/choose-voices',
        {
          voices: [makeVoice(1, 'Ada'), makeVoice(2, 'Bruno', { accents: [accent('en-US', true), accent('en-GB')] })],
          privateChecks: { [uuid(99)]: { private: true, owned: false } },
        },
        {
          [LAST_USED_VOICES_KEY]: JSON.stringify({
            '1000': recentEntry(uuid(99), 'Zed', 0, 'en-US', 'American English'),
            '2000': recentEntry(uuid(2), 'Bruno', -2.5, 'en-GB', 'British English'),
          }),
        },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = harnessOf(loaded);
    const canvas = within(canvasElement);
    const recent = await canvas.findByRole('list', { name: 'Recently used' });
    await waitFor(() => expect(within(recent).queryByRole('heading', { name: 'Zed' })).toBeNull());
    await expect(within(recent).getByText('British English, Basic, -2.5 semitones')).toBeVisible();
    await expect(callsTo(h, 'POST', '/api/v2/voices/by-ids')[0]?.body).toEqual({
      voice_ids: [uuid(2), uuid(99)].sort(),
    });
    await expect(callsTo(h, 'GET', `/api/v2/voices/${uuid(99)}/private-check`)).toHaveLength(1);
    await expect(announced()).toContain('Zed is no longer available and left your recent voices.');
    await expect(Object.keys(JSON.parse(localStorage.getItem(LAST_USED_VOICES_KEY) ?? '{}'))).toEqual(['2000']);

    await pressEnterOn(within(recent).getByRole('button', { name: 'Choose again: Bruno' }));
    await waitFor(() =>
      expect(voiceSelectionStore.getSnapshot().context.choices.map((c) => [c.id, c.accent, c.pitch])).toEqual([
        [uuid(2), 'en-GB', -2.5],
      ]),
    );
    await expect(announced()).toContain('Bruno chosen: British English, Basic, -2.5 semitones. 1 voice chosen.');
    await expect(canvas.getByRole('list', { name: 'Chosen voices (1 of 20)' })).toBeVisible();
  },
};
