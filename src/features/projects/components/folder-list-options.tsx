import type { Key } from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  announce,
  Button,
  Icon,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  PAGE_SIZES,
} from '../../../../design-system/index.ts';
import { listPreferencesStore } from '../../../machines/index.ts';
import { FOLDER_SORTS, type FolderSortKey } from '../list-rules.ts';

export interface FolderListOptionsProps {
  sortKey: FolderSortKey;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}

/** The one key a single-selection menu section reports, if any (a press on the checked item empties it). */
function only(keys: 'all' | Set<Key>): Key | undefined {
  return keys === 'all' ? undefined : [...keys][0];
}

/**
 * The folder list's sort and page size (SPEC.md section 2) in one menu beside the list's heading (an icon button
 * named "Sort folders", so the heading, "New folder" and it fit one row of the column): each sort
 * (field and direction) and each page size is a checked item. A choice is kept in the list preferences (so
 * restored next time) and said once.
 */
export function FolderListOptions({ sortKey, pageSize, onPageSizeChange }: FolderListOptionsProps) {
  const intl = useIntl();
  const sortLabel = (key: FolderSortKey) => intl.formatMessage({ id: `projects.folders.sort.${key}` });
  return (
    <MenuTrigger>
      <Button variant="secondary" size="sm" aria-label={intl.formatMessage({ id: 'projects.folders.sort.label' })}>
        <Icon name="sort" />
      </Button>
      <Menu placement="bottom end">
        <MenuSection
          title={intl.formatMessage({ id: 'projects.folders.sort.section' })}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[sortKey]}
          onSelectionChange={(keys) => {
            const chosen = FOLDER_SORTS.find((s) => s.key === only(keys));
            if (!chosen || chosen.key === sortKey) return;
            listPreferencesStore.trigger.set({
              list: 'folders',
              change: { sort: chosen.sort, direction: chosen.direction },
            });
            announce(intl.formatMessage({ id: 'projects.folders.sort.done' }, { sort: sortLabel(chosen.key) }));
          }}
        >
          {FOLDER_SORTS.map((s) => (
            <MenuItem key={s.key} id={s.key}>
              {sortLabel(s.key)}
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSection
          title={intl.formatMessage({ id: 'projects.folders.pageSize.label' })}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[pageSize]}
          onSelectionChange={(keys) => {
            const size = Number(only(keys));
            if (!size || size === pageSize) return;
            onPageSizeChange(size);
            announce(intl.formatMessage({ id: 'projects.folders.pageSize.done' }, { count: size }));
          }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} id={size} textValue={String(size)}>
              {intl.formatNumber(size)}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
