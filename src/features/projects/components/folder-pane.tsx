import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  ButtonLink,
  EmptyState,
  formatDuration,
  Heading,
  Icon,
  Inline,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Text,
} from '../../../../design-system/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import type { Folder, Project } from '../api/projects-api.ts';
import { OriginalsPane, type RenderConversions } from './originals-pane.tsx';
import type { PagedList } from './paged-list.tsx';
import * as styles from './projects.css.ts';
import { useExport } from './use-export.ts';

export interface FolderPaneProps {
  project: Project;
  /** The selected folder, if any. */
  folder: Folder | null;
  /** The folder list (its page of folders, to move originals to). */
  folders: PagedList<Folder>;
  /** The originals of a folder changed (added, moved, deleted): the folders' figures are asked again. */
  onCountChange: () => void;
  onDeleted: (id: string) => void;
  /** An original to bring into view and focus once it is listed. */
  originalToShow: string | null;
  onOriginalShown: () => void;
  renderConversions?: RenderConversions;
}

/** The selected folder: its name and figures, "Record or upload", its "⋯" menu (rename, export, delete), its originals. */
export function FolderPane({
  project,
  folder,
  folders,
  onCountChange,
  onDeleted,
  originalToShow,
  onOriginalShown,
  renderConversions,
}: FolderPaneProps) {
  const intl = useIntl();
  const exporter = useExport();
  return (
    <section className={styles.panel} aria-labelledby="folder-heading">
      {folder ? (
        <>
          <Inline gap="md" align="center">
            <Heading level={2} id="folder-heading">
              {folder.name}
            </Heading>
            <Text as="span" tone="muted">
              {intl.formatMessage(
                { id: 'projects.folder.stats' },
                {
                  originals: folder.stats.originals,
                  conversions: folder.stats.conversions,
                  duration: formatDuration(folder.stats.duration),
                },
              )}
            </Text>
          </Inline>
          <Inline gap="sm" align="center">
            <ButtonLink href={`/new?project=${project.id}&folder=${folder.id}`} size="sm">
              <FormattedMessage id="projects.folder.add" />
            </ButtonLink>
            {/* "Record or upload" is the region's filled action; the folder's own are in "⋯". */}
            <MenuTrigger>
              <Button
                variant="secondary"
                size="sm"
                aria-label={intl.formatMessage({ id: 'projects.folder.menu' }, { name: folder.name })}
                isPending={exporter.isPending({ kind: 'folder', id: folder.id })}
              >
                <Icon name="more" />
              </Button>
              <Menu
                onAction={(key) => {
                  if (key === 'rename')
                    openModal({ id: 'renameFolder', data: { folder, onRenamed: folders.replaced } });
                  if (key === 'export') void exporter.run({ kind: 'folder', id: folder.id }, folder.name);
                  if (key === 'delete') openModal({ id: 'deleteFolder', data: { folder, onDeleted } });
                }}
              >
                <MenuItem id="rename" icon="edit">
                  {intl.formatMessage({ id: 'projects.folder.rename' })}
                </MenuItem>
                <MenuItem id="export" icon="download">
                  {intl.formatMessage({ id: 'projects.export.folder' })}
                </MenuItem>
                <MenuSeparator />
                <MenuItem id="delete" icon="trash" variant="danger">
                  {intl.formatMessage({ id: 'projects.folder.delete' })}
                </MenuItem>
              </Menu>
            </MenuTrigger>
          </Inline>
          <OriginalsPane
            key={folder.id}
            folder={folder}
            folders={folders.items}
            onCountChange={onCountChange}
            originalToShow={originalToShow}
            onShown={onOriginalShown}
            renderConversions={renderConversions}
          />
        </>
      ) : folders.status === 'ready' ? (
        <EmptyState heading={intl.formatMessage({ id: 'projects.folder.none' })} headingLevel={2}>
          <FormattedMessage id="projects.folder.noneBody" />
        </EmptyState>
      ) : null}
    </section>
  );
}
