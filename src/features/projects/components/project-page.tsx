import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import {
  addToast,
  afterCreate,
  afterDelete,
  announce,
  Button,
  ButtonLink,
  EmptyState,
  formatDuration,
  GridList,
  GridListItem,
  isValidName,
  modalStore,
  nameRuleMessage,
  Pagination,
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
  type FolderSort,
  type Project,
  type Recording,
  type RecordingSort,
} from '../api/projects-api.ts';
import { offsetOf, selectAfterDelete, selectAfterLoad } from '../list-rules.ts';
import { OriginalItem } from './original-item.tsx';
import * as styles from './projects.css.ts';
import { useExport } from './use-export.ts';

type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string; notFound?: boolean } | ({ status: 'ready' } & T);

/**
 * The project page /{ownerName}/{projectSlug}: the project's folders (the first selected after a load, the
 * position kept, the neighbour selected after deleting the selected one), and the selected folder's
 * originals with the player, star, note, move, rename, delete and details; exports of the project, the
 * folder and each original.
 */
export function ProjectPage() {
  const intl = useIntl();
  const api = useApi();
  const { ownerName = '', projectSlug = '' } = useParams();
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
      <div className={styles.page}>
        <p role="status">{intl.formatMessage({ id: 'projects.project.loading' })}</p>
      </div>
    );
  }
  if (project.status === 'error') {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>
          {intl.formatMessage({ id: project.notFound ? 'projects.project.notFound' : 'projects.project.failed' })}
        </h1>
        <p role="alert">{project.message}</p>
        <ButtonLink href="/projects" variant="secondary">
          <FormattedMessage id="projects.project.back" />
        </ButtonLink>
      </div>
    );
  }
  const p = project.project;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{p.name}</h1>
        <Button
          variant="secondary"
          onPress={() => modalStore.trigger.open({ id: 'projectInfo', data: { project: p } })}
        >
          <FormattedMessage id="projects.action.info" />
        </Button>
        <Button
          isPending={exporter.isPending({ kind: 'project', id: p.id })}
          onPress={() => void exporter.run({ kind: 'project', id: p.id }, p.name)}
        >
          <FormattedMessage id="projects.export.project" />
        </Button>
      </div>
      <Folders project={p} />
    </div>
  );
}

function Folders({ project }: { project: Project }) {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.folders);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [folders, setFolders] = useState<Load<{ items: Folder[]; total: number }>>({ status: 'loading' });
  const [selected, setSelected] = useState<string | null>(null);
  const exporter = useExport();

  useEffect(() => {
    let cancelled = false;
    listFolders(api, {
      project_id: project.id,
      offset: offsetOf(page, prefs.pageSize),
      limit: prefs.pageSize,
      sort: prefs.sort as FolderSort,
      direction: prefs.direction,
    }).then(
      (result) => {
        if (cancelled) return;
        setFolders({ status: 'ready', items: result.items, total: result.total });
        setSelected((current) =>
          selectAfterLoad(
            result.items.map((f) => f.id),
            current,
          ),
        );
      },
      (error: unknown) => !cancelled && setFolders({ status: 'error', message: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, project.id, page, prefs.pageSize, prefs.sort, prefs.direction, reload]);

  const items = folders.status === 'ready' ? folders.items : [];
  const total = folders.status === 'ready' ? folders.total : 0;
  const current = items.find((f) => f.id === selected) ?? null;

  const onCreated = (folder: Folder) => {
    const next = afterCreate({ page, pageSize: prefs.pageSize, total, items, created: folder });
    setFolders({ status: 'ready', items: next.items, total: next.total });
    setSelected(folder.id);
    setPage(next.page);
    if (next.refetch) setReload((n) => n + 1);
  };

  const onRenamed = (folder: Folder) =>
    setFolders((state) =>
      state.status === 'ready' ? { ...state, items: state.items.map((f) => (f.id === folder.id ? folder : f)) } : state,
    );

  const onDeleted = (id: string) => {
    const ids = items.map((f) => f.id);
    const next = afterDelete({
      page,
      pageSize: prefs.pageSize,
      total,
      deletedLastOnPage: items.length === 1 && items[0]?.id === id,
    });
    setSelected(selectAfterDelete(ids, id, selected));
    setFolders({ status: 'ready', items: items.filter((f) => f.id !== id), total: next.total });
    if (next.page !== page) setPage(next.page);
    if (next.refetch) setReload((n) => n + 1);
  };

  return (
    <div className={styles.studio}>
      <section className={styles.panel} aria-labelledby="folders-heading">
        <h2 id="folders-heading" className={styles.sectionTitle}>
          <FormattedMessage id="projects.folders.title" />
        </h2>
        <CreateFolderForm projectId={project.id} onCreated={onCreated} />
        {folders.status === 'error' ? <p role="alert">{folders.message}</p> : null}
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
              <span className={styles.muted}>
                {intl.formatMessage({ id: 'projects.folders.count' }, { count: folder.stats.originals })}
              </span>
            </GridListItem>
          )}
        </GridList>
        {total > prefs.pageSize ? (
          <Pagination
            aria-label={intl.formatMessage({ id: 'projects.folders.pagination' })}
            page={page}
            pageSize={prefs.pageSize}
            total={total}
            onPageChange={setPage}
          />
        ) : null}
      </section>
      <section className={styles.panel} aria-labelledby="folder-heading">
        {current ? (
          <>
            <div className={styles.header}>
              <h2 id="folder-heading" className={styles.sectionTitle}>
                {current.name}
              </h2>
              <span className={styles.muted}>
                {intl.formatMessage(
                  { id: 'projects.folder.stats' },
                  {
                    originals: current.stats.originals,
                    conversions: current.stats.conversions,
                    duration: formatDuration(current.stats.duration),
                  },
                )}
              </span>
            </div>
            <div className={styles.row}>
              <ButtonLink href={`/new?project=${project.id}&folder=${current.id}`} size="sm">
                <FormattedMessage id="projects.folder.add" />
              </ButtonLink>
              <Button
                variant="secondary"
                size="sm"
                onPress={() => modalStore.trigger.open({ id: 'renameFolder', data: { folder: current, onRenamed } })}
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
                onPress={() => modalStore.trigger.open({ id: 'deleteFolder', data: { folder: current, onDeleted } })}
              >
                <FormattedMessage id="projects.folder.delete" />
              </Button>
            </div>
            <Originals
              key={current.id}
              folder={current}
              folders={items}
              onCountChange={() => setReload((n) => n + 1)}
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
}: {
  folder: Folder;
  folders: readonly Folder[];
  onCountChange: () => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.recordings);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [list, setList] = useState<Load<{ items: Recording[]; total: number }>>({ status: 'loading' });
  const [notes, setNotes] = useState<Record<string, string>>({});

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      listOriginals(api, {
        folder_id: folder.id,
        offset: offsetOf(page, prefs.pageSize),
        limit: prefs.pageSize,
        sort: prefs.sort as RecordingSort,
        direction: prefs.direction,
      }),
      listNotes(api, folder.id),
    ]).then(
      ([result, folderNotes]) => {
        if (cancelled) return;
        setList({ status: 'ready', items: result.items, total: result.total });
        setNotes(Object.fromEntries(folderNotes.map((n) => [n.recording_id, n.text])));
      },
      (error: unknown) => !cancelled && setList({ status: 'error', message: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [api, folder.id, page, prefs.pageSize, prefs.sort, prefs.direction, reload]);

  const items = list.status === 'ready' ? list.items : [];
  const total = list.status === 'ready' ? list.total : 0;

  const removed = (id: string) => {
    const next = afterDelete({
      page,
      pageSize: prefs.pageSize,
      total,
      deletedLastOnPage: items.length === 1 && items[0]?.id === id,
    });
    setList({ status: 'ready', items: items.filter((r) => r.id !== id), total: next.total });
    if (next.page !== page) setPage(next.page);
    if (next.refetch) setReload((n) => n + 1);
    onCountChange();
  };

  const changed = (recording: Recording) =>
    setList((state) =>
      state.status === 'ready'
        ? { ...state, items: state.items.map((r) => (r.id === recording.id ? recording : r)) }
        : state,
    );

  if (list.status === 'loading') return <p role="status">{intl.formatMessage({ id: 'projects.originals.loading' })}</p>;
  if (list.status === 'error') return <p role="alert">{list.message}</p>;
  return (
    <>
      <h3 className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'projects.originals.title' }, { count: total })}
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'projects.originals.empty' })}</p>
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
              onChanged={changed}
              onNoteSaved={(id, text) =>
                setNotes((current) => {
                  const { [id]: _old, ...rest } = current;
                  return text === null ? rest : { ...rest, [id]: text };
                })
              }
              onMoved={(moved) => removed(moved.id)}
              onDeleted={(ids) => removed(ids[0] ?? '')}
            />
          ))}
        </ul>
      )}
      {total > prefs.pageSize ? (
        <Pagination
          aria-label={intl.formatMessage({ id: 'projects.originals.pagination' })}
          page={page}
          pageSize={prefs.pageSize}
          total={total}
          onPageChange={setPage}
          onPageSizeChange={(size) =>
            listPreferencesStore.trigger.set({ list: 'recordings', change: { pageSize: size } })
          }
        />
      ) : null}
    </>
  );
}
