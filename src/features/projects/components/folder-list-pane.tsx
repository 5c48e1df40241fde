import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  GridList,
  GridListItem,
  Heading,
  Inline,
  SearchField,
  Text,
  useAnnounceChange,
} from '../../../../design-system/index.ts';
import type { Folder } from '../api/projects-api.ts';
import type { FolderSortKey } from '../list-rules.ts';
import { CreateFolderForm } from './create-folder-form.tsx';
import { FolderListOptions } from './folder-list-options.tsx';
import { ListPager, type PagedList } from './paged-list.tsx';
import * as styles from './projects.css.ts';

export interface FolderListPaneProps {
  projectId: string;
  folders: PagedList<Folder>;
  selected: string | null;
  /** The user selected a folder (announced here). */
  onSelect: (id: string) => void;
  onCreated: (folder: Folder) => void;
  sortKey: FolderSortKey;
  /** The folder search the list shows ('' for all folders). */
  search: string;
  /** The user searched (a name) or cleared the search (''). */
  onSearch: (search: string) => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}

/** The project's folders: "New folder" and the sort menu by the heading, the list (one selected), its pages. */
export function FolderListPane({
  projectId,
  folders,
  selected,
  onSelect,
  onCreated,
  sortKey,
  search,
  onSearch,
  pageSize,
  onPageSizeChange,
}: FolderListPaneProps) {
  const intl = useIntl();
  const items = folders.items;
  const found =
    search && folders.status === 'ready' && folders.current
      ? intl.formatMessage({ id: 'projects.folders.search.count' }, { count: folders.total, search })
      : null;
  // Said after a search the user made, or cleared, once its answer is in.
  useAnnounceChange(
    search,
    folders.status !== 'ready' || !folders.current
      ? null
      : (found ?? intl.formatMessage({ id: 'projects.folders.search.all' }, { count: folders.total })),
  );
  return (
    <section className={styles.panel} aria-labelledby="folders-heading">
      <Inline gap="sm" align="center" justify="between">
        <Heading level={2} id="folders-heading">
          <FormattedMessage id="projects.folders.title" />
        </Heading>
        <Inline gap="sm" align="center">
          <CreateFolderForm projectId={projectId} onCreated={onCreated} />
          <FolderListOptions sortKey={sortKey} pageSize={pageSize} onPageSizeChange={onPageSizeChange} />
        </Inline>
      </Inline>
      <div role="search" aria-label={intl.formatMessage({ id: 'projects.folders.search.region' })}>
        <SearchField
          label={intl.formatMessage({ id: 'projects.folders.search.label' })}
          onSubmit={(value) => onSearch(value.trim())}
          onClear={() => onSearch('')}
        />
      </div>
      {found ? (
        <Text tone="muted" role="status" aria-live="off">
          {found}
        </Text>
      ) : null}
      {folders.status === 'error' ? <p role="alert">{folders.error}</p> : null}
      <GridList
        aria-labelledby="folders-heading"
        items={items}
        selectionMode="single"
        selectionBehavior="replace"
        disallowEmptySelection
        selectedKeys={selected ? [selected] : []}
        onSelectionChange={(keys) => {
          if (keys === 'all') return;
          const [key] = [...keys];
          if (key !== undefined) {
            onSelect(String(key));
            const folder = items.find((f) => f.id === String(key));
            if (folder) announce(intl.formatMessage({ id: 'projects.folders.selected' }, { name: folder.name }));
          }
        }}
        renderEmptyState={() =>
          folders.status === 'ready'
            ? intl.formatMessage({ id: search ? 'projects.folders.search.none' : 'projects.folders.empty' }, { search })
            : null
        }
      >
        {(folder) => (
          <GridListItem id={folder.id} textValue={folder.name}>
            <span>{folder.name}</span>
            <Text as="span" tone="muted">
              {intl.formatMessage(
                { id: 'projects.folders.figures' },
                { originals: folder.stats.originals, conversions: folder.stats.conversions },
              )}
            </Text>
          </GridListItem>
        )}
      </GridList>
      <ListPager list={folders} aria-label={intl.formatMessage({ id: 'projects.folders.pagination' })} />
    </section>
  );
}
