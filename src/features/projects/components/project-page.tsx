import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  Button,
  ButtonLink,
  Heading,
  Icon,
  LoadState,
  Menu,
  MenuItem,
  MenuTrigger,
  PageBlock,
  PageHeader,
} from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { useClaimNavigationFocus } from '../../../shared/navigation-focus.ts';
import { getProjectByUrl } from '../api/projects-api.ts';
import { urlTargetOf } from '../url-target.ts';
import type { RenderConversions } from './originals-pane.tsx';
import { ProjectStudio } from './project-studio.tsx';
import { useExport } from './use-export.ts';

export type { RenderConversions } from './originals-pane.tsx';

export interface ProjectPageProps {
  /** Drawn under each original's player: its conversions. */
  renderConversions?: RenderConversions;
}

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
  const target = useMemo(() => urlTargetOf(params, key), [params, key]);
  const project = useResource(['project', ownerName, projectSlug], () =>
    getProjectByUrl(api, `/${ownerName}/${projectSlug}`),
  );
  const exporter = useExport();
  // The original the address names takes the focus of the navigation (the page heading does not first);
  // a project that cannot be shown leaves it to its error's heading.
  useClaimNavigationFocus(target.original !== null && project.status !== 'error');

  if (project.status === 'error') {
    const notFound = isApiError(project.error) && project.error.statusCode === 404;
    return (
      <PageBlock width="large" gap="lg">
        <Heading level={1}>
          {intl.formatMessage({ id: notFound ? 'projects.project.notFound' : 'projects.project.failed' })}
        </Heading>
        <p role="alert">{project.message}</p>
        <ButtonLink href="/projects" variant="secondary">
          <FormattedMessage id="projects.project.back" />
        </ButtonLink>
      </PageBlock>
    );
  }
  const p = project.value;
  return (
    <PageBlock width="large" gap="lg">
      <LoadState status={project.status} loading={intl.formatMessage({ id: 'projects.project.loading' })}>
        {p ? (
          <>
            <PageHeader
              title={p.name}
              actions={
                // The folder's "Record or upload" is the page's filled action; the project's own are in "⋯".
                <MenuTrigger>
                  <Button
                    variant="secondary"
                    aria-label={intl.formatMessage({ id: 'projects.project.menu' }, { name: p.name })}
                    isPending={exporter.isPending({ kind: 'project', id: p.id })}
                  >
                    <Icon name="more" />
                  </Button>
                  <Menu
                    onAction={(key) => {
                      if (key === 'info')
                        openModal({
                          id: 'projectInfo',
                          data: { project: p, onUpdated: (saved) => project.update(() => saved) },
                        });
                      if (key === 'export') void exporter.run({ kind: 'project', id: p.id }, p.name);
                    }}
                  >
                    <MenuItem id="info" icon="info">
                      {intl.formatMessage({ id: 'projects.action.info' })}
                    </MenuItem>
                    <MenuItem id="export" icon="download">
                      {intl.formatMessage({ id: 'projects.export.project' })}
                    </MenuItem>
                  </Menu>
                </MenuTrigger>
              }
            />
            <ProjectStudio project={p} target={target} renderConversions={renderConversions} />
          </>
        ) : null}
      </LoadState>
    </PageBlock>
  );
}
