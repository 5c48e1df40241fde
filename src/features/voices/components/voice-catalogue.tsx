import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  EmptyState,
  Heading,
  Inline,
  Pagination,
  SearchField,
  Select,
  Stack,
  Switch,
  Text,
  useAnnounceChange,
  registerExclusivePlayback,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, listPreferencesStore, useResource, type VoiceChoice } from '../../../machines/index.ts';
import {
  listVoices,
  setVoiceFavorite,
  type DemoItem,
  type DemoSetMap,
  type Voice,
  type VoicePage,
} from '../api/voices-api.ts';
import type { VoiceSettingsData } from '../modals/voice-settings-modal.tsx';
import { useReferenceData, valueOr } from '../use-reference-data.ts';
import { activeFilterCount, filtersQuery, voiceFiltersStore } from '../voice-filters.store.ts';
import { demoFor, offsetOf, VOICE_SORTS, voiceSortOf, type VoiceSortKey } from '../voice-rules.ts';
import { VoiceCard, VoiceCardSkeleton, type CatalogueMode } from './voice-card.tsx';
import { VoiceNameSuggestions } from './voice-name-suggestions.tsx';
import * as styles from './voices.css.ts';
import { openModal } from '../../../shared/modals/index.ts';

export interface VoiceCatalogueProps {
  mode: CatalogueMode;
  /** The section's heading. */
  title: string;
  /** The language whose demos the cards play (audition). */
  demoLanguage?: string;
  /** What an empty list offers when no filter or search narrows it (the voice talents page: a request). */
  emptyAction?: ReactNode;
  /** Choosing voices: the voice's choice, or null. */
  choiceOf?: (voiceId: string) => VoiceChoice | null;
  /** Choosing voices: the Choose button of a card. */
  onChoose?: (voice: Voice) => void;
  /** Voices as the server last answered them: a page that loaded, a favourite or settings that changed. */
  onVoices?: (voices: Voice[]) => void;
  /** A voice whose settings the user saved in the voiceSettings modal. */
  onSettingsSaved?: (voice: Voice) => void;
  /** Choosing voices, once one is chosen: a skip link after each Choose moves focus to the order action. */
  onSkipToOrder?: () => void;
  /** The skip link's text. */
  skipLabel?: string;
}

const NO_DEMOS: DemoSetMap = {};
/** What a failed load leaves of the list: no rows and no count, as the pager shows while it loads again. */
const emptied = (page: VoicePage): VoicePage => ({ ...page, items: [], total: 0 });
const SKELETONS = 6;

/**
 * The voice catalogue of /choose-voices, /audition-voices and /voice-talents: search, sort (restored from
 * the list preferences), the voicesFilters modal and a favourites switch (restored from local storage),
 * a page of voice cards with skeletons while it loads, an empty state, failures announced, and pages of
 * 20, 40 or 100.
 */
export function VoiceCatalogue({
  mode,
  title,
  demoLanguage,
  emptyAction,
  choiceOf,
  onChoose,
  onVoices,
  onSettingsSaved,
  onSkipToOrder,
  skipLabel,
}: VoiceCatalogueProps) {
  const intl = useIntl();
  const api = useApi();
  const headingId = useId();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.voices);
  const filters = useSelector(voiceFiltersStore, (s) => s.context);
  const sort = voiceSortOf(prefs.sort, prefs.direction);
  const layout = filters.layout;
  const listClass = layout === 'grid' ? styles.grid : styles.list;
  const pageSize = prefs.pageSize;
  const talentsOnly = mode === 'talents';
  const filterQuery = useMemo(() => filtersQuery(filters, { talentsOnly }), [filters, talentsOnly]);
  const filterKey = JSON.stringify(filterQuery);
  const filterCount = activeFilterCount(filters, { talentsOnly });
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openDemo, setOpenDemo] = useState<string | null>(null);
  // One demo plays at a time: the rows' play overlays share one audio element.
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [pendingFavourites, setPendingFavourites] = useState<ReadonlySet<string>>(new Set());
  const accentInfos = valueOr(useReferenceData('accentInfos'), {});
  const demoSets = valueOr(useReferenceData('demoSets'), NO_DEMOS);
  const searchBox = useRef<HTMLDivElement>(null);
  const reportVoices = useRef(onVoices);
  reportVoices.current = onVoices;

  // A new sort, filter or search starts again at page 1 (a new page size keeps the page Pagination picks).
  const queryKey = `${sort.key}|${filterKey}|${search}`;
  const previousKey = useRef(queryKey);
  const effectivePage = previousKey.current === queryKey ? page : 1;
  useEffect(() => {
    if (previousKey.current !== queryKey) {
      previousKey.current = queryKey;
      setPage(1);
    }
  }, [queryKey]);

  // The rows stay in the cache while the next page loads (skeletons show meanwhile), so the pager keeps
  // its count; a failure empties the list, so the pager shows no pages until a page arrives again.
  const list = useResource(
    [filterKey, search, sort.sort, sort.direction, effectivePage, pageSize],
    (signal) =>
      listVoices(
        api,
        {
          ...(JSON.parse(filterKey) as ReturnType<typeof filtersQuery>),
          ...(search ? { search } : {}),
          sort: sort.sort,
          direction: sort.direction,
          offset: offsetOf(effectivePage, pageSize),
          limit: pageSize,
        },
        { signal },
      ),
    {
      keepValue: true,
      onLoad: (result) => reportVoices.current?.(result.items),
      onError: (error) => {
        list.update(emptied);
        announce(intl.formatMessage({ id: 'voices.list.failed' }, { message: failureMessage(error) }), {
          politeness: 'assertive',
        });
      },
    },
  );
  const { update } = list;

  const replaceVoice = useCallback(
    (voice: Voice) => {
      update((current) => ({ ...current, items: current.items.map((v) => (v.id === voice.id ? voice : v)) }));
      reportVoices.current?.([voice]);
    },
    [update],
  );

  const toggleFavourite = (voice: Voice) => {
    const favorite = !voice.favorite;
    setPendingFavourites((current) => new Set(current).add(voice.id));
    setVoiceFavorite(api, voice.id, favorite)
      .then((updated) => {
        replaceVoice(updated);
        announce(
          intl.formatMessage(
            { id: favorite ? 'voices.favourite.added' : 'voices.favourite.removed' },
            { name: voice.name },
          ),
        );
      })
      .catch((error: unknown) => {
        const message = intl.formatMessage(
          { id: 'voices.favourite.failed' },
          { name: voice.name, message: failureMessage(error) },
        );
        addToast({ message, severity: 'error' });
      })
      .finally(() =>
        setPendingFavourites((current) => {
          const next = new Set(current);
          next.delete(voice.id);
          return next;
        }),
      );
  };

  const openSettings = (voice: Voice) =>
    openModal({
      id: 'voiceSettings',
      data: {
        voice,
        onSaved: (saved) => {
          replaceVoice(saved);
          onSettingsSaved?.(saved);
        },
      } satisfies VoiceSettingsData,
    });

  // One sound at a time: any other sound that starts on the page (an audition player, a recording) stops the
  // demo, and the demo starting pauses them.
  useEffect(() => {
    const audio = audioRef.current;
    return audio ? registerExclusivePlayback(audio) : undefined;
  }, []);

  const togglePlay = (voice: Voice, demo: DemoItem) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing === voice.id && !audio.paused) {
      audio.pause();
      return;
    }
    if (audio.dataset.voice !== voice.id) {
      audio.dataset.voice = voice.id;
      audio.src = demo.converted_url;
    }
    audio.play().catch((error: unknown) => {
      // A newer demo took its place before it started: nothing failed.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(null);
      addToast({ message: intl.formatMessage({ id: 'voices.demo.failed' }, { name: voice.name }), severity: 'error' });
    });
  };

  const clearNarrowing = () => {
    voiceFiltersStore.trigger.clear();
    setSearch('');
    setSearchText('');
    announce(intl.formatMessage({ id: 'voices.filters.cleared' }));
  };

  const loading = list.status === 'loading';
  const total = list.value?.total ?? 0;
  const countMessage =
    list.status !== 'ready'
      ? null
      : search
        ? intl.formatMessage({ id: 'voices.count.search' }, { count: list.value.total, search })
        : intl.formatMessage({ id: 'voices.count' }, { count: list.value.total });
  // Said after a search; the sort, the filters and a page are each said by their own control.
  useAnnounceChange(search, countMessage);
  const narrowed = filterCount > 0 || search !== '';
  const sortLabel = (key: VoiceSortKey) => intl.formatMessage({ id: `voices.sort.${key}` });

  return (
    <Stack as="section" gap="sm" aria-labelledby={headingId}>
      <Inline gap="md" align="baseline">
        <Heading level={2} id={headingId}>
          {title}
        </Heading>
        {/* Not live: the count is said after a search the user made (useAnnounceChange), not on arrival. */}
        <Text tone="muted" role="status" aria-live="off">
          {loading ? intl.formatMessage({ id: 'voices.loading' }) : countMessage}
        </Text>
      </Inline>
      <Inline gap="md" align="end" role="search" aria-label={intl.formatMessage({ id: 'voices.search.region' })}>
        <div className={styles.grow} ref={searchBox}>
          <SearchField
            label={intl.formatMessage({ id: 'voices.search.label' })}
            value={searchText}
            onChange={setSearchText}
            onSubmit={(value) => setSearch(value.trim())}
            onClear={() => setSearch('')}
          />
        </div>
        <Select
          label={intl.formatMessage({ id: 'voices.sort.label' })}
          options={VOICE_SORTS.map((s) => ({ id: s.key, label: sortLabel(s.key) }))}
          value={sort.key}
          onChange={(key) => {
            const chosen = VOICE_SORTS.find((s) => s.key === key);
            if (!chosen || chosen.key === sort.key) return;
            listPreferencesStore.trigger.set({
              list: 'voices',
              change: { sort: chosen.sort, direction: chosen.direction },
            });
            announce(intl.formatMessage({ id: 'voices.sort.done' }, { sort: sortLabel(chosen.key) }));
          }}
        />
        <Switch
          isSelected={filters.favorite}
          onChange={(favorite) => {
            voiceFiltersStore.trigger.change({ change: { favorite } });
            announce(intl.formatMessage({ id: favorite ? 'voices.favourites.on' : 'voices.favourites.off' }));
          }}
        >
          <FormattedMessage id="voices.favourites.only" />
        </Switch>
        <Switch
          isSelected={layout === 'grid'}
          onChange={(grid) => voiceFiltersStore.trigger.change({ change: { layout: grid ? 'grid' : 'list' } })}
        >
          <FormattedMessage id="voices.layout.grid" />
        </Switch>
        <Button variant="secondary" onPress={() => openModal({ id: 'voicesFilters', data: { talentsOnly } })}>
          <FormattedMessage id="voices.filters.open" values={{ count: filterCount }} />
        </Button>
      </Inline>
      <VoiceNameSuggestions
        text={searchText}
        search={search}
        onPick={(name) => {
          setSearchText(name);
          setSearch(name);
          // The picked name is in the field, the list narrowed to it (its count is said): the user goes on from there.
          searchBox.current?.querySelector('input')?.focus();
        }}
      />
      <Stack gap="md" aria-busy={loading}>
        {list.status === 'error' ? (
          <Stack gap="md">
            <Text tone="critical">
              <FormattedMessage id="voices.list.failed" values={{ message: list.message }} />
            </Text>
            <div>
              <Button variant="secondary" onPress={list.retry}>
                <FormattedMessage id="voices.list.retry" />
              </Button>
            </div>
          </Stack>
        ) : loading ? (
          <div className={listClass} aria-hidden="true">
            {Array.from({ length: Math.min(SKELETONS, pageSize) }, (_, i) => (
              <VoiceCardSkeleton key={i} layout={layout} />
            ))}
          </div>
        ) : !list.value || list.value.items.length === 0 ? (
          <EmptyState
            icon="voice"
            heading={intl.formatMessage({
              id: narrowed
                ? 'voices.empty.filtered.title'
                : talentsOnly
                  ? 'voices.empty.talents.title'
                  : 'voices.empty.title',
            })}
            headingLevel={3}
            action={
              narrowed ? (
                <Button variant="secondary" onPress={clearNarrowing}>
                  <FormattedMessage id="voices.empty.clear" />
                </Button>
              ) : (
                emptyAction
              )
            }
          >
            {intl.formatMessage({
              id: narrowed
                ? 'voices.empty.filtered.body'
                : talentsOnly
                  ? 'voices.empty.talents.body'
                  : 'voices.empty.body',
            })}
          </EmptyState>
        ) : (
          <ul className={listClass} aria-labelledby={headingId}>
            {list.value.items.map((voice) => {
              const demo = demoFor(demoSets, voice.id, demoLanguage);
              return (
                <li
                  key={voice.id}
                  className={openDemo === voice.id ? `${styles.gridItem} ${styles.gridItemWide}` : styles.gridItem}
                >
                  <VoiceCard
                    voice={voice}
                    mode={mode}
                    headingLevel={3}
                    layout={layout}
                    accentInfos={accentInfos}
                    demo={demo}
                    playing={playing === voice.id}
                    onTogglePlay={demo ? () => togglePlay(voice, demo) : undefined}
                    demoOpen={openDemo === voice.id}
                    onToggleDemo={() => setOpenDemo((current) => (current === voice.id ? null : voice.id))}
                    favouritePending={pendingFavourites.has(voice.id)}
                    onFavourite={() => toggleFavourite(voice)}
                    onSettings={() => openSettings(voice)}
                    choice={choiceOf?.(voice.id) ?? null}
                    onChoose={onChoose ? () => onChoose(voice) : undefined}
                    onSkipToOrder={onSkipToOrder}
                    skipLabel={skipLabel}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Stack>
      {/* The demos' player (no controls: each row's overlay plays and pauses it); a demo's text is on
          /audition-voices, beside its players. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a few seconds of sample speech, its text shown on audition */}
      <audio
        ref={audioRef}
        preload="none"
        onPlay={(event) => setPlaying(event.currentTarget.dataset.voice ?? null)}
        onPause={() => setPlaying(null)}
        onEnded={() => setPlaying(null)}
      />
      <Pagination
        aria-label={intl.formatMessage({ id: 'voices.pagination' })}
        page={effectivePage}
        pageSize={pageSize}
        total={total}
        onPageChange={setPage}
        onPageSizeChange={(size) => listPreferencesStore.trigger.set({ list: 'voices', change: { pageSize: size } })}
      />
    </Stack>
  );
}
