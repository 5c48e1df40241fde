import { useSelector } from '@xstate/react';
import { useCallback, useReducer, useState } from 'react';
import { pageCount, pageForSize } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { listPreferencesStore } from '../../../machines/index.ts';
import {
  getFolderStats,
  listFolders,
  searchFolders,
  SEARCH_PAGE_SIZE,
  type Folder,
  type Project,
} from '../api/projects-api.ts';
import { folderSortOf } from '../list-rules.ts';
import { folderSelection, initialFolderSelection, isNewTarget, originalToShow, type UrlTarget } from '../url-target.ts';
import { FolderListPane } from './folder-list-pane.tsx';
import { FolderPane } from './folder-pane.tsx';
import type { RenderConversions } from './originals-pane.tsx';
import { usePagedList } from './paged-list.tsx';
import { useFreshFigures } from './use-fresh-figures.ts';
import * as styles from './projects.css.ts';

export interface ProjectStudioProps {
  project: Project;
  /** The address's folder and original, applied once per visit. */
  target: UrlTarget;
  renderConversions?: RenderConversions;
}

/**
 * The two panes of a project: its folders (paged, sorted as the list preferences say) and the selected
 * folder with its originals. Which folder is selected is the `folderSelection` reducer's: the load and
 * delete rules, the user's choice, and the address's target once per visit.
 */
export function ProjectStudio({ project, target, renderConversions }: ProjectStudioProps) {
  const api = useApi();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.folders);
  const sort = folderSortOf(prefs.sort, prefs.direction);
  const [selection, dispatch] = useReducer(folderSelection, target, initialFolderSelection);
  // A search lists the matching folders, 10 a page (SPEC.md section 9); the first match opens.
  const [search, setSearch] = useState('');
  const folders = usePagedList<Folder>({
    query: `${project.id}|${sort.key}|${search}`,
    pageSize: search ? SEARCH_PAGE_SIZE : prefs.pageSize,
    load: (page, signal) =>
      search
        ? searchFolders(api, { ...page, project_id: project.id, search }, { signal })
        : listFolders(api, { ...page, project_id: project.id, sort: sort.sort, direction: sort.direction }, { signal }),
    onLoad: (result) => dispatch({ type: 'folders.loaded', listed: result.items.map((f) => f.id) }),
  });
  const items = folders.items;
  // The folders' figures (originals, conversions, seconds of audio) follow uploads, deletes, moves and
  // finished conversions through POST /api/stats/folders, without listing the folders again.
  const { patched } = folders;
  const refreshFigures = useFreshFigures(
    items.map((f) => f.id),
    (ids) => {
      getFolderStats(api, ids)
        .then((stats) =>
          patched((folder) => (stats.has(folder.id) ? { ...folder, stats: stats.get(folder.id)! } : folder)),
        )
        .catch(() => {
          // The figures shown stay as they were; the next change or visit asks again.
        });
    },
  );
  // A new visit of the address (the same page, another ?folder=&original=, or the same link again).
  if (isNewTarget(selection, target)) {
    dispatch({ type: 'url.navigated', target, listed: items.map((f) => f.id) });
  }
  const current = items.find((f) => f.id === selection.selected) ?? null;
  const onOriginalShown = useCallback(() => dispatch({ type: 'original.shown' }), []);

  const onCreated = (folder: Folder) => {
    folders.created(folder);
    dispatch({ type: 'folder.chosen', id: folder.id });
  };

  const onDeleted = (id: string) => {
    dispatch({ type: 'folder.deleted', id, listed: items.map((f) => f.id) });
    folders.removed(id);
  };

  // As the pager does: the page that holds the first folder shown stays in view.
  const changePageSize = (size: number) => {
    listPreferencesStore.trigger.set({ list: 'folders', change: { pageSize: size } });
    const page = Math.min(pageForSize(folders.page, prefs.pageSize, size), pageCount(folders.total, size));
    if (page !== folders.page) folders.setPage(page);
  };

  return (
    <div className={styles.studio}>
      <FolderListPane
        projectId={project.id}
        folders={folders}
        selected={selection.selected}
        onSelect={(id) => dispatch({ type: 'folder.chosen', id })}
        onCreated={onCreated}
        sortKey={sort.key}
        search={search}
        onSearch={setSearch}
        pageSize={prefs.pageSize}
        onPageSizeChange={changePageSize}
      />
      <FolderPane
        project={project}
        folder={current}
        folders={folders}
        onCountChange={refreshFigures}
        onDeleted={onDeleted}
        originalToShow={originalToShow(selection)}
        onOriginalShown={onOriginalShown}
        renderConversions={renderConversions}
      />
    </div>
  );
}
