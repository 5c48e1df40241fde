import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  addToast,
  announce,
  Button,
  ButtonLink,
  EmptyState,
  formatDuration,
  GridList,
  GridListItem,
  Heading,
  Inline,
  isValidName,
  nameRuleMessage,
  PAGE_SIZES,
  PageBlock,
  pageCount,
  pageForSize,
  PageHeader,
  Select,
  Text,
  TextField,
} from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage, listPreferencesStore } from '../../../machines/index.ts';
import {
  createFolder,
  getProjectByUrl,
  listFolders,
  listNotes,
  listOriginals,
  type Folder,
  type Note,
  type Project,
  type Recording,
  type RecordingPage,
  type RecordingSort,
} from '../api/projects-api.ts';
import { FOLDER_SORTS, folderSortOf, selectAfterDelete, selectAfterLoad, type FolderSortKey } from '../list-rules.ts';
import { OriginalItem } from './original-item.tsx';
import { ListPager, usePagedList } from './paged-list.tsx';
import * as styles from './projects.css.ts';
import { useExport } from './use-export.ts';
import { openModal } from '../../../shared/modals/index.ts';

/** What the page shows under each original that is not the studio's own (the route layer brings it). */
export type RenderConversions = (original: Recording) => ReactNode;

export interface ProjectPageProps {
  /** Drawn under each original's player: its conversions. */
  renderConversions?: RenderConversions;
}

/**
 * Where ?folder=&original= point ("Check it now" on a finished conversion): the folder to select and the
 * original to bring into view and focus, once per visit of the address (`key`).
 */
interface Target {
  folder: string | null;
  original: string | null;
  key: string;
}

type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string; notFound?: boolean } | ({ status: 'ready' } & T);

/**
 * The project page /{ownerName}/{projectSlug}: the project's folders (the first selected after a load, the
 * position kept, the neighbour selected after deleting the selected one), and the selected folder's
 * originals with the player, star, note, move, rename, delete and details; exports of the project, the
 * folder and each original. ?folder=&original= select that folder and focus that original.
 */
export function ProjectPage({ renderConversions }: ProjectPageProps = {}) {
  const intl = useIntl();
  const api = useApi();
  const { ownerName = '', projectSlug = '' } = useParams();
  const [params] = useSearchParams();
  const { key } = useLocation();
  const folderParam = params.get('folder');
  const originalParam = params.get('original');
  const target = useMemo<Target>(
    () => ({ folder: folderParam, original: originalParam, key }),
    [folderParam, originalParam, key],
  );
  const [project, setProject] = useState<Load<{ project: Project }>>({ status: 'loading' });
  const exporter = useExport();

  useEffect(() => {
    let cancelled = false;
    setProject({ status: 'loading' });
    getProjectByUrl(api, `/${ownerName}/${projectSlug}`).then(
      (p) => !cancelled && setProject({ status: 'ready', project: p }),
      (error: unknown) =>
        !cancelled &&
        setProject({
          status: 'error',
          message: failureMessage(error),
          notFound: isApiError(error) && error.statusCode === 404,
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, ownerName, projectSlug]);

  if (project.status === 'loading') {
    return (
      <PageBlock width="large" gap="lg">
        <p role="status">{intl.formatMessage({ id: 'projects.project.loading' })}</p>
      </PageBlock>
    );
  }
  if (project.status === 'error') {
    return (
      <PageBlock width="large" gap="lg">
        <Heading level={1}>
          {intl.formatMessage({ id: project.notFound ? 'projects.project.notFound' : 'projects.project.failed' })}
        </Heading>
        <p role="alert">{project.message}</p>
        <ButtonLink href="/projects" variant="secondary">
          <FormattedMessage id="projects.project.back" />
        </ButtonLink>
      </PageBlock>
    );
  }
  const p = project.project;
  return (
    <PageBlock width="large" gap="lg">
      <PageHeader
        title={p.name}
        actions={
          <>
            <Button variant="secondary" onPress={() => openModal({ id: 'projectInfo', data: { project: p } })}>
              <FormattedMessage id="projects.action.info" />
            </Button>
            <Button
              isPending={exporter.isPending({ kind: 'project', id: p.id })}
              onPress={() => void exporter.run({ kind: 'project', id: p.id }, p.name)}
            >
              <FormattedMessage id="projects.export.project" />
            </Button>
          </>
        }
      />
      <Folders project={p} target={target} renderConversions={renderConversions} />
    </PageBlock>
  );
}

function Folders({
  project,
  target,
  renderConversions,
}: {
  project: Project;
  target: Target;
  renderConversions?: RenderConversions;
}) {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.folders);
  const sort = folderSortOf(prefs.sort, prefs.direction);
  const [selected, setSelected] = useState<string | null>(null);
  const exporter = useExport();
  // The address's folder and original are applied once per visit of it; the user's choices win after.
  const folderShown = useRef<string | null>(null);
  const [originalShown, setOriginalShown] = useState<string | null>(null);
  const wantedFolder = target.folder && folderShown.current !== target.key ? target.folder : null;
  const folders = usePagedList<Folder>({
    query: `${project.id}|${sort.key}`,
    pageSize: prefs.pageSize,
    load: (page) => listFolders(api, { ...page, project_id: project.id, sort: sort.sort, direction: sort.direction }),
    onLoad: (result) => {
      const ids = result.items.map((f) => f.id);
      setSelected((current) =>
        wantedFolder && ids.includes(wantedFolder) ? wantedFolder : selectAfterLoad(ids, current),
      );
    },
  });

  const items = folders.items;
  const current = items.find((f) => f.id === selected) ?? null;

  useEffect(() => {
    if (!target.folder || folderShown.current === target.key) return;
    if (!items.some((f) => f.id === target.folder)) return;
    folderShown.current = target.key;
    setSelected(target.folder);
  }, [target, items]);

  // The original to focus: the address's, in its folder (or any folder when it names none), until shown.
  const focusOriginal =
    target.original && originalShown !== target.key && (!target.folder || target.folder === selected)
      ? target.original
      : null;

  const onCreated = (folder: Folder) => {
    folders.created(folder);
    setSelected(folder.id);
  };

  const onDeleted = (id: string) => {
    setSelected(
      selectAfterDelete(
        items.map((f) => f.id),
        id,
        selected,
      ),
    );
    folders.removed(id);
  };

  // As the pager does: the page that holds the first folder shown stays in view.
  const changePageSize = (size: number) => {
    listPreferencesStore.trigger.set({ list: 'folders', change: { pageSize: size } });
    const target = Math.min(pageForSize(folders.page, prefs.pageSize, size), pageCount(folders.total, size));
    if (target !== folders.page) folders.setPage(target);
  };

  return (
    <div className={styles.studio}>
      <section className={styles.panel} aria-labelledby="folders-heading">
        <Heading level={2} id="folders-heading">
          <FormattedMessage id="projects.folders.title" />
        </Heading>
        <CreateFolderForm projectId={project.id} onCreated={onCreated} />
        <FolderListOptions sortKey={sort.key} pageSize={prefs.pageSize} onPageSizeChange={changePageSize} />
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
              setSelected(String(key));
              const folder = items.find((f) => f.id === String(key));
              if (folder) announce(intl.formatMessage({ id: 'projects.folders.selected' }, { name: folder.name }));
            }
          }}
          renderEmptyState={() =>
            folders.status === 'ready' ? intl.formatMessage({ id: 'projects.folders.empty' }) : null
          }
        >
          {(folder) => (
            <GridListItem id={folder.id} textValue={folder.name}>
              <span>{folder.name}</span>
              <Text as="span" tone="muted">
                {intl.formatMessage({ id: 'projects.folders.count' }, { count: folder.stats.originals })}
              </Text>
            </GridListItem>
          )}
        </GridList>
        <ListPager list={folders} aria-label={intl.formatMessage({ id: 'projects.folders.pagination' })} />
      </section>
      <section className={styles.panel} aria-labelledby="folder-heading">
        {current ? (
          <>
            <Inline gap="md" align="center">
              <Heading level={2} id="folder-heading">
                {current.name}
              </Heading>
              <Text as="span" tone="muted">
                {intl.formatMessage(
                  { id: 'projects.folder.stats' },
                  {
                    originals: current.stats.originals,
                    conversions: current.stats.conversions,
                    duration: formatDuration(current.stats.duration),
                  },
                )}
              </Text>
            </Inline>
            <Inline gap="sm" align="center">
              <ButtonLink href={`/new?project=${project.id}&folder=${current.id}`} size="sm">
                <FormattedMessage id="projects.folder.add" />
              </ButtonLink>
              <Button
                variant="secondary"
                size="sm"
                onPress={() =>
                  openModal({
                    id: 'renameFolder',
                    data: { folder: current, onRenamed: folders.replaced },
                  })
                }
              >
                <FormattedMessage id="projects.folder.rename" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                isPending={exporter.isPending({ kind: 'folder', id: current.id })}
                onPress={() => void exporter.run({ kind: 'folder', id: current.id }, current.name)}
              >
                <FormattedMessage id="projects.export.folder" />
              </Button>
              <Button
                variant="danger"
                size="sm"
                onPress={() => openModal({ id: 'deleteFolder', data: { folder: current, onDeleted } })}
              >
                <FormattedMessage id="projects.folder.delete" />
              </Button>
            </Inline>
            <Originals
              key={current.id}
              folder={current}
              folders={items}
              onCountChange={folders.reload}
              focusOriginal={focusOriginal}
              onFocused={() => setOriginalShown(target.key)}
              renderConversions={renderConversions}
            />
          </>
        ) : folders.status === 'ready' ? (
          <EmptyState heading={intl.formatMessage({ id: 'projects.folder.none' })} headingLevel={2}>
            <FormattedMessage id="projects.folder.noneBody" />
          </EmptyState>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The folder list's sort and page size (SPEC.md section 2), on screen beside the list: kept in the list
 * preferences (so restored next time) and announced when changed.
 */
function FolderListOptions({
  sortKey,
  pageSize,
  onPageSizeChange,
}: {
  sortKey: FolderSortKey;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}) {
  const intl = useIntl();
  const sortLabel = (key: FolderSortKey) => intl.formatMessage({ id: `projects.folders.sort.${key}` });
  return (
    <Inline gap="md" align="end">
      <div className={styles.grow}>
        <Select
          label={intl.formatMessage({ id: 'projects.folders.sort.label' })}
          options={FOLDER_SORTS.map((s) => ({ id: s.key, label: sortLabel(s.key) }))}
          value={sortKey}
          onChange={(key) => {
            const chosen = FOLDER_SORTS.find((s) => s.key === key);
            if (!chosen || chosen.key === sortKey) return;
            listPreferencesStore.trigger.set({
              list: 'folders',
              change: { sort: chosen.sort, direction: chosen.direction },
            });
            announce(intl.formatMessage({ id: 'projects.folders.sort.done' }, { sort: sortLabel(chosen.key) }));
          }}
        />
      </div>
      <Select
        label={intl.formatMessage({ id: 'projects.folders.pageSize.label' })}
        options={PAGE_SIZES.map((size) => ({ id: size, label: intl.formatNumber(size) }))}
        value={pageSize}
        onChange={(key) => {
          const size = Number(key);
          if (!size || size === pageSize) return;
          onPageSizeChange(size);
          announce(intl.formatMessage({ id: 'projects.folders.pageSize.done' }, { count: size }));
        }}
      />
    </Inline>
  );
}

function CreateFolderForm({ projectId, onCreated }: { projectId: string; onCreated: (folder: Folder) => void }) {
  const intl = useIntl();
  const api = useApi();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <Form
      className={styles.inlineForm}
      validationErrors={serverError ? { folder: serverError } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending || !isValidName(name)) return;
        setPending(true);
        createFolder(api, projectId, name)
          .then((folder) => {
            onCreated(folder);
            setName('');
            const message = intl.formatMessage({ id: 'projects.folder.created' }, { name: folder.name });
            announce(message);
            addToast({ message, severity: 'success' });
          })
          .catch((error: unknown) => setServerError(failureMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      <div className={styles.grow}>
        <TextField
          name="folder"
          label={intl.formatMessage({ id: 'projects.folder.createLabel' })}
          value={name}
          onChange={(value) => {
            setName(value);
            setServerError(null);
          }}
          validate={(value) => (value === '' || isValidName(value) ? null : intl.formatMessage(nameRuleMessage))}
          isReadOnly={pending}
        />
      </div>
      <Button type="submit" variant="secondary" isPending={pending}>
        <FormattedMessage id="projects.folder.create" />
      </Button>
    </Form>
  );
}

function Originals({
  folder,
  folders,
  onCountChange,
  focusOriginal,
  onFocused,
  renderConversions,
}: {
  folder: Folder;
  folders: readonly Folder[];
  onCountChange: () => void;
  /** An original to bring into view and focus once it is listed. */
  focusOriginal: string | null;
  onFocused: () => void;
  renderConversions?: RenderConversions;
}) {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.recordings);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const list = usePagedList<Recording, RecordingPage & { notes: Note[] }>({
    query: `${folder.id}|${prefs.sort}|${prefs.direction}`,
    pageSize: prefs.pageSize,
    load: async (page) => {
      const [result, folderNotes] = await Promise.all([
        listOriginals(api, {
          ...page,
          folder_id: folder.id,
          sort: prefs.sort as RecordingSort,
          direction: prefs.direction,
        }),
        listNotes(api, folder.id),
      ]);
      return { ...result, notes: folderNotes };
    },
    onLoad: (result) => setNotes(Object.fromEntries(result.notes.map((n) => [n.recording_id, n.text]))),
  });

  const items = list.items;
  const total = list.total;
  const listed = list.status === 'ready' && focusOriginal !== null && items.some((r) => r.id === focusOriginal);

  useEffect(() => {
    if (!listed || !focusOriginal) return;
    // A frame later: the item is drawn, and focus set by the navigation (the page heading) comes first.
    const frame = requestAnimationFrame(() => {
      const heading = document.getElementById(`original-${focusOriginal}`);
      if (!heading) return;
      heading.focus();
      heading.scrollIntoView({ block: 'start' });
      onFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [listed, focusOriginal, onFocused]);

  const removed = (id: string) => {
    list.removed(id);
    onCountChange();
  };

  if (list.status === 'loading') return <p role="status">{intl.formatMessage({ id: 'projects.originals.loading' })}</p>;
  if (list.status === 'error') return <p role="alert">{list.error}</p>;
  return (
    <>
      <Heading level={3} size="lg">
        {intl.formatMessage({ id: 'projects.originals.title' }, { count: total })}
      </Heading>
      {items.length === 0 ? (
        <Text tone="muted">{intl.formatMessage({ id: 'projects.originals.empty' })}</Text>
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
    </>
  );
}
