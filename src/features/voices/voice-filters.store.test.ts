import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../api/testing/index.ts';
import {
  activeFilterCount,
  anyOfGroup,
  createVoiceFiltersStore,
  EMPTY_VOICE_FILTERS,
  filtersQuery,
  readVoiceFilters,
  styleValuesOf,
  toVoiceFilters,
  VOICE_FILTERS_KEY,
  withStyleValues,
  type VoiceFilters,
} from './voice-filters.store.ts';

const filters = (change: Partial<VoiceFilters>): VoiceFilters => ({ ...EMPTY_VOICE_FILTERS, ...change });

describe('voice filters (SPEC.md sections 2 and 3)', () => {
  it('are written through and restored from local storage', () => {
    const storage = createMemoryStorage();
    const store = createVoiceFiltersStore(storage);
    store.trigger.set({ filters: filters({ gender: ['female'], locales: ['en-GB'], favorite: true }) });

    expect(createVoiceFiltersStore(storage).getSnapshot().context).toEqual(
      filters({ gender: ['female'], locales: ['en-GB'], favorite: true }),
    );
    store.trigger.change({ change: { age_group: ['senior'] } });
    expect(readVoiceFilters(storage).age_group).toEqual(['senior']);
    store.trigger.clear();
    expect(readVoiceFilters(storage)).toEqual(EMPTY_VOICE_FILTERS);
  });

  it('keep the list or grid layout across reloads, and clearing the filters leaves it as it was', () => {
    const storage = createMemoryStorage({ [VOICE_FILTERS_KEY]: JSON.stringify({ layout: 'mosaic' }) });
    expect(readVoiceFilters(storage).layout).toBe('list');
    const store = createVoiceFiltersStore(storage);
    store.trigger.change({ change: { layout: 'grid', gender: ['male'] } });
    expect(createVoiceFiltersStore(storage).getSnapshot().context.layout).toBe('grid');
    expect(activeFilterCount(store.getSnapshot().context)).toBe(1);
    expect(filtersQuery(store.getSnapshot().context)).not.toHaveProperty('layout');
    store.trigger.clear();
    expect(readVoiceFilters(storage)).toEqual(filters({ layout: 'grid' }));
  });

  it('drop values the contract does not know and survive a broken record', () => {
    const storage = createMemoryStorage({
      [VOICE_FILTERS_KEY]: JSON.stringify({
        gender: ['female', 'other'],
        pitch_group: 'low',
        locales: ['en-GB', 'english', 'en-GB'],
        favorite: 'yes',
        voice_talent: 'both',
      }),
    });
    expect(readVoiceFilters(storage)).toEqual(filters({ gender: ['female'], locales: ['en-GB'] }));
    expect(readVoiceFilters(createMemoryStorage({ [VOICE_FILTERS_KEY]: '{oops' }))).toEqual(EMPTY_VOICE_FILTERS);
  });

  it('become query parameters, with the voice talents page always asking for talents', () => {
    const chosen = filters({ species: ['robot'], narration_style_tag_groups: ['mood'], voice_talent: 'marketplace' });
    expect(filtersQuery(chosen)).toMatchObject({
      species: ['robot'],
      narration_style_tag_groups: ['mood'],
      voice_talent: false,
    });
    expect(filtersQuery(chosen).favorite).toBeUndefined();
    expect(filtersQuery(chosen, { talentsOnly: true }).voice_talent).toBe(true);
    expect(filtersQuery(EMPTY_VOICE_FILTERS).voice_talent).toBeUndefined();
    expect(filtersQuery(filters({ favorite: true })).favorite).toBe(true);
  });

  it('count each filter that narrows the list once', () => {
    expect(activeFilterCount(EMPTY_VOICE_FILTERS)).toBe(0);
    const chosen = filters({ gender: ['female', 'male'], favorite: true, voice_talent: 'talents' });
    expect(activeFilterCount(chosen)).toBe(3);
    expect(activeFilterCount(chosen, { talentsOnly: true })).toBe(2);
  });
});

describe('narration style choices, per tag group', () => {
  const mood = { id: 'mood', tags: [{ id: 'calm' }, { id: 'warm' }] };
  const delivery = { id: 'delivery', tags: [{ id: 'whispered' }] };

  it('checks "any of the group" and the group’s own chosen tags', () => {
    const filters = toVoiceFilters({
      narration_style_tag_groups: ['mood'],
      narration_style_tags: ['warm', 'whispered'],
    });
    expect(styleValuesOf(filters, mood)).toEqual([anyOfGroup('mood'), 'warm']);
    expect(styleValuesOf(filters, delivery)).toEqual(['whispered']);
  });

  it('sets one group’s choices and keeps the other groups’', () => {
    const filters = toVoiceFilters({
      narration_style_tag_groups: ['delivery'],
      narration_style_tags: ['whispered', 'calm'],
    });
    expect(withStyleValues(filters, mood, ['warm', anyOfGroup('mood')])).toEqual({
      narration_style_tag_groups: ['delivery', 'mood'],
      narration_style_tags: ['whispered', 'warm'],
    });
    expect(withStyleValues(filters, delivery, [])).toEqual({
      narration_style_tag_groups: [],
      narration_style_tags: ['calm'],
    });
  });

  it('sends the tags as a filter and counts them as one', () => {
    const filters = toVoiceFilters({ narration_style_tags: ['calm', 'warm'] });
    expect(filtersQuery(filters).narration_style_tags).toEqual(['calm', 'warm']);
    expect(activeFilterCount(filters)).toBe(1);
  });
});
