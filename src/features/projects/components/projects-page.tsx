import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  DataCell,
  DataRow,
  DataRowLink,
  DataTable,
  EmptyState,
  Skeleton,
  Stack,
  formatDate,
  formatDuration,
  formatSize,
  Inline,
  Menu,
  MenuItem,
  MenuTrigger,
  PageBlock,
  PageHeader,
  SearchField,
  Select,
  Text,
  useAnnounceChange,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { listPreferencesStore } from '../../../machines/index.ts';
import { takeAnswered, takeEarly } from '../../../api/early-requests.ts';
import {
  createProject,
  getProjectStats,
  listProjects,
  searchProjects,
  type Project,
  type ProjectPage,
} from '../api/projects-api.ts';
import { firstProjectsQuery, projectsRequestKey } from '../first-requests.ts';
import { PROJECT_SORTS, projectSortOf, projectStateOf } from '../list-rules.ts';
import { NameForm } from './name-form.tsx';
import { ListPager, usePagedList } from './paged-list.tsx';
import { useFreshFigures } from './use-fresh-figures.ts';
import * as styles from './projects.css.ts';
import { openModal } from '../../../shared/modals/index.ts';

/** The table's columns: their keys and headings' messages. */
const PROJECT_COLUMNS = [
  ['name', 'projects.column.name'],
  ['last', 'projects.column.lastRecording'],
  ['created', 'projects.column.created'],
  ['originals', 'projects.column.originals'],
  ['conversions', 'projects.column.conversions'],
  ['audio', 'projects.column.audio'],
  ['size', 'projects.column.size'],
  ['actions', 'projects.column.actions'],
] as const;

/**
 * /projects: the user's projects, sorted (last recording, created, name), filtered by state (active, empty,
 * deleted), searched by name, paged 20/40/100, with the sort, filter and page size restored from local
 * storage. Create, rename, delete and the project's details from each row's menu.
 */
export function ProjectsPage() {
  const intl = useIntl();
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.projects);
  const sort = projectSortOf(prefs.sort, prefs.direction);
  const state = projectStateOf(prefs.state);
  const pageSize = prefs.pageSize;
  const [search, setSearch] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Search results keep the list's sort; a new sort, filter or search starts again at page 1.
  const list = usePagedList<Project, ProjectPage>({
    query: `${sort.key}|${state}|${search}`,
    pageSize,
    // On a first load the entry may have asked for this page already (first-requests.ts): when its answer is
    // here, the page draws with it at once (no loading state, no second render); on its way, `load` takes it.
    initial: () => takeAnswered<ProjectPage>(projectsRequestKey(firstProjectsQuery(prefs))),
    load: (page, signal) => {
      if (search)
        return searchProjects(api, { ...page, search, sort: sort.sort, direction: sort.direction }, { signal });
      const query = { ...page, sort: sort.sort, direction: sort.direction, state };
      return takeEarly<ProjectPage>(projectsRequestKey(query)) ?? listProjects(api, query, { signal });
    },
  });

  // The figures of the projects shown follow finished conversions through POST /api/stats/projects.
  const { patched } = list;
  useFreshFigures(
    list.items.filter((p) => p.deleted_at === null).map((p) => p.id),
    (ids) => {
      getProjectStats(api, ids)
        .then((stats) =>
          patched((project) => (stats.has(project.id) ? { ...project, stats: stats.get(project.id)! } : project)),
        )
        .catch(() => {
          // The figures shown stay as they were; the next change or visit asks again.
        });
    },
  );

  const stateLabel = intl.formatMessage({ id: `projects.state.${state}` });
  const countMessage = search
    ? intl.formatMessage({ id: 'projects.count.search' }, { count: list.total, search })
    : intl.formatMessage({ id: 'projects.count' }, { count: list.total, state: stateLabel });
  // Said after a search; a sort, the state filter and a page are each said by their own control.
  useAnnounceChange(search, list.status === 'ready' ? countMessage : null);

  return (
    <PageBlock width="large" gap="lg">
      <PageHeader title={<FormattedMessage id="projects.title" />} titleRef={heading} titleFocusable />
      <CreateProjectForm onCreated={list.created} />
      <Inline gap="md" align="end" role="search" aria-label={intl.formatMessage({ id: 'projects.search.region' })}>
        <div className={styles.grow}>
          <SearchField
            label={intl.formatMessage({ id: 'projects.search.label' })}
            onSubmit={(value) => setSearch(value.trim())}
            onClear={() => setSearch('')}
          />
        </div>
        <Select
          label={intl.formatMessage({ id: 'projects.sort.label' })}
          options={PROJECT_SORTS.map((s) => ({
            id: s.key,
            label: intl.formatMessage({ id: `projects.sort.${s.key}` }),
          }))}
          value={sort.key}
          onChange={(key) => {
            const chosen = PROJECT_SORTS.find((s) => s.key === key);
            if (!chosen) return;
            listPreferencesStore.trigger.set({
              list: 'projects',
              change: { sort: chosen.sort, direction: chosen.direction },
            });
            announce(
              intl.formatMessage(
                { id: 'projects.sort.done' },
                { sort: intl.formatMessage({ id: `projects.sort.${chosen.key}` }) },
              ),
            );
          }}
        />
        <Button variant="secondary" onPress={() => openModal({ id: 'projectsFilters' })}>
          <FormattedMessage id="projects.filters.open" values={{ state: stateLabel }} />
        </Button>
      </Inline>
      {/* Not live: the count is said after a search the user made (useAnnounceChange), not on arrival. */}
      <Text tone="muted" role="status" aria-live="off">
        {list.status === 'loading'
          ? intl.formatMessage({ id: 'projects.loading' })
          : list.status === 'error'
            ? list.error
            : countMessage}
      </Text>
      {/* A plain table, not the grid: the grid drew its 40 rows' cells again synchronously in its commit (DataTable). */}
      <DataTable
        aria-label={intl.formatMessage({ id: 'projects.table' })}
        columns={PROJECT_COLUMNS.map(([id, message]) => ({ id, label: <FormattedMessage id={message} /> }))}
        items={list.items}
        itemKey={(project) => project.id}
        renderEmptyState={() =>
          list.status === 'ready' ? (
            <EmptyState heading={intl.formatMessage({ id: 'projects.empty.title' })} headingLevel={2}>
              <FormattedMessage id="projects.empty.body" />
            </EmptyState>
          ) : list.status === 'loading' ? (
            // Rows as they land; the status line above says what is loading.
            <Stack gap="sm">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} shape="rect" height="2.5rem" />
              ))}
            </Stack>
          ) : null
        }
      >
        {(project) => (
          <DataRow isLinked={project.deleted_at === null}>
            <DataCell isRowHeader>
              {project.deleted_at === null ? (
                <DataRowLink href={project.url}>{project.name}</DataRowLink>
              ) : (
                project.name
              )}
            </DataCell>
            <DataCell>
              {project.last_recording_at
                ? formatDate(project.last_recording_at)
                : intl.formatMessage({ id: 'projects.info.never' })}
            </DataCell>
            <DataCell>{formatDate(project.created_at)}</DataCell>
            <DataCell>{intl.formatNumber(project.stats.originals)}</DataCell>
            <DataCell>{intl.formatNumber(project.stats.conversions)}</DataCell>
            <DataCell>{formatDuration(project.stats.duration)}</DataCell>
            <DataCell>{formatSize(project.stats.size)}</DataCell>
            <DataCell hasControls>
              <ProjectMenu project={project} onRenamed={list.replaced} onDeleted={list.removed} />
            </DataCell>
          </DataRow>
        )}
      </DataTable>
      <ListPager
        list={list}
        aria-label={intl.formatMessage({ id: 'projects.pagination' })}
        showOnOnePage
        onPageSizeChange={(size) => listPreferencesStore.trigger.set({ list: 'projects', change: { pageSize: size } })}
      />
    </PageBlock>
  );
}

function ProjectMenu({
  project,
  onRenamed,
  onDeleted,
}: {
  project: Project;
  onRenamed: (project: Project) => void;
  onDeleted: (id: string) => void;
}) {
  const intl = useIntl();
  const deleted = project.deleted_at !== null;
  return (
    <MenuTrigger>
      <Button
        variant="secondary"
        size="sm"
        aria-label={intl.formatMessage({ id: 'projects.menu' }, { name: project.name })}
      >
        <FormattedMessage id="projects.menu.short" />
      </Button>
      <Menu
        onAction={(key) => {
          if (key === 'info') openModal({ id: 'projectInfo', data: { project, onUpdated: onRenamed } });
          if (key === 'rename') openModal({ id: 'renameProject', data: { project, onRenamed } });
          if (key === 'delete') openModal({ id: 'deleteProject', data: { project, onDeleted } });
        }}
      >
        <MenuItem id="info" icon="info">
          {intl.formatMessage({ id: 'projects.action.info' })}
        </MenuItem>
        {deleted ? null : (
          <MenuItem id="rename" icon="edit">
            {intl.formatMessage({ id: 'projects.action.rename' })}
          </MenuItem>
        )}
        <MenuItem id="delete" icon="trash" variant="danger">
          {intl.formatMessage({ id: deleted ? 'projects.action.deletePermanently' : 'projects.action.delete' })}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

/** A new project's name (SPEC.md's name rule), created with POST /api/projects. */
function CreateProjectForm({ onCreated }: { onCreated: (project: Project) => void }) {
  const intl = useIntl();
  const api = useApi();
  return (
    <NameForm
      field="name"
      aria-label={intl.formatMessage({ id: 'projects.create.title' })}
      label={intl.formatMessage({ id: 'projects.create.label' })}
      submitLabel={<FormattedMessage id="projects.create.submit" />}
      create={(name) => createProject(api, name)}
      onCreated={onCreated}
      doneMessage={(project) => intl.formatMessage({ id: 'projects.create.done' }, { name: project.name })}
    />
  );
}
