import { body, keepSessionOn401, type ApiClients } from '../../api/index.ts';
import type { ListPreference } from '../../machines/list-preferences.ts';
import { startEarly } from '../../api/early-requests.ts';
import type { Direction, ProjectSort, ProjectState } from './api/projects-api.ts';
import { offsetOf, projectSortOf, projectStateOf } from './list-rules.ts';

/** The projects list's query for one page, from the list's stored preference (sort, direction, state filter). */
export interface ProjectsQuery {
  offset: number;
  limit: number;
  sort: ProjectSort;
  direction: Direction;
  state: ProjectState;
}

/** What names a projects page request among the early ones: the whole query. */
export const projectsRequestKey = ({ offset, limit, sort, direction, state }: ProjectsQuery) =>
  `GET /api/projects?offset=${offset}&limit=${limit}&sort=${sort}&direction=${direction}&state=${state}`;

/** The query of the projects list's first page under the stored preference. */
export function firstProjectsQuery(preference: ListPreference): ProjectsQuery {
  const { sort, direction } = projectSortOf(preference.sort, preference.direction);
  return {
    offset: offsetOf(1, preference.pageSize),
    limit: preference.pageSize,
    sort,
    direction,
    state: projectStateOf(preference.state),
  };
}

/**
 * A signed-in first load of /projects: its first page is requested now, side by side with the session check
 * (see early-requests.ts). A 401 here signs nobody out: the session check answers for the session.
 */
export function startProjectsFirstPage(api: ApiClients, preference: ListPreference): void {
  const query = firstProjectsQuery(preference);
  // Its own GET rather than listProjects: projects-api.ts would bring every studio call into the entry every page
  // loads (0.8 kB on the public pages).
  startEarly(projectsRequestKey(query), () =>
    api.marketplace
      .GET('/api/projects', { params: { query }, middleware: [keepSessionOn401] })
      .then(({ data }) => body(data)),
  );
}
