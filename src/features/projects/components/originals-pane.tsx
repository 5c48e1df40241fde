import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, Heading, LoadState, Skeleton, Stack } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { listPreferencesStore } from '../../../machines/index.ts';
import {
  listNotes,
  listOriginals,
  type Folder,
  type Note,
  type Recording,
  type RecordingPage,
  type RecordingSort,
} from '../api/projects-api.ts';
import { OriginalItem } from './original-item.tsx';
import { ListPager, usePagedList } from './paged-list.tsx';
import * as styles from './projects.css.ts';

/** What the page shows under each original that is not the studio's own (the route layer brings it). */
export type RenderConversions = (original: Recording) => ReactNode;

export interface OriginalsPaneProps {
  folder: Folder;
  /** The folders an original can move to. */
  folders: readonly Folder[];
  /** An original went (moved, deleted): the folders' counts changed. */
  onCountChange: () => void;
  /** An original to bring into view and focus once it is listed. */
  originalToShow: string | null;
  /** It was brought into view and focused. */
  onShown: () => void;
  renderConversions?: RenderConversions;
}

/** A folder's originals, paged, with their notes; each with its player, actions and conversions. */
export function OriginalsPane({
  folder,
  folders,
  onCountChange,
  originalToShow,
  onShown,
  renderConversions,
}: OriginalsPaneProps) {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.recordings);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const list = usePagedList<Recording, RecordingPage & { notes: Note[] }>({
    query: `${folder.id}|${prefs.sort}|${prefs.direction}`,
    pageSize: prefs.pageSize,
    load: async (page, signal) => {
      const [result, folderNotes] = await Promise.all([
        listOriginals(
          api,
          { ...page, folder_id: folder.id, sort: prefs.sort as RecordingSort, direction: prefs.direction },
          { signal },
        ),
        listNotes(api, folder.id),
      ]);
      return { ...result, notes: folderNotes };
    },
    onLoad: (result) => setNotes(Object.fromEntries(result.notes.map((n) => [n.recording_id, n.text]))),
  });

  const items = list.items;
  const total = list.total;
  const listed = list.status === 'ready' && originalToShow !== null && items.some((r) => r.id === originalToShow);

  useEffect(() => {
    if (!listed || !originalToShow) return;
    // A frame later: the item is drawn, and focus set by the navigation (the page heading) comes first.
    const frame = requestAnimationFrame(() => {
      const heading = document.getElementById(`original-${originalToShow}`);
      if (!heading) return;
      heading.focus();
      heading.scrollIntoView({ block: 'start' });
      onShown();
    });
    return () => cancelAnimationFrame(frame);
  }, [listed, originalToShow, onShown]);

  const removed = (id: string) => {
    list.removed(id);
    onCountChange();
  };

  return (
    <LoadState
      status={list.status}
      loading={intl.formatMessage({ id: 'projects.originals.loading' })}
      error={list.error}
      placeholder={
        // The heading and three originals as they land (an original without conversions is about 110px).
        <Stack gap="md">
          <Skeleton shape="text" width="12rem" />
          <div className={styles.originals}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} shape="rect" height="110px" />
            ))}
          </div>
        </Stack>
      }
    >
      <Heading level={3} size="lg">
        {intl.formatMessage({ id: 'projects.originals.title' }, { count: total })}
      </Heading>
      {items.length === 0 ? (
        <EmptyState icon="microphone" headingLevel={4} heading={intl.formatMessage({ id: 'projects.originals.empty' })}>
          {intl.formatMessage({ id: 'projects.originals.empty.body' })}
        </EmptyState>
      ) : (
        <ul
          className={styles.originals}
          aria-label={intl.formatMessage({ id: 'projects.originals.list' }, { name: folder.name })}
        >
          {items.map((recording) => (
            <OriginalItem
              key={recording.id}
              recording={recording}
              note={notes[recording.id] ?? null}
              folders={folders}
              onChanged={list.replaced}
              onNoteSaved={(id, text) =>
                setNotes((current) => {
                  const { [id]: _old, ...rest } = current;
                  return text === null ? rest : { ...rest, [id]: text };
                })
              }
              onMoved={(moved) => removed(moved.id)}
              onDeleted={(ids) => removed(ids[0] ?? '')}
              conversions={renderConversions?.(recording)}
            />
          ))}
        </ul>
      )}
      <ListPager
        list={list}
        aria-label={intl.formatMessage({ id: 'projects.originals.pagination' })}
        onPageSizeChange={(size) =>
          listPreferencesStore.trigger.set({ list: 'recordings', change: { pageSize: size } })
        }
      />
    </LoadState>
  );
}
