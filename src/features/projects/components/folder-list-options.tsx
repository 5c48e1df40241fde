import { useIntl } from 'react-intl';
import { announce, Inline, PAGE_SIZES, Select } from '../../../../design-system/index.ts';
import { listPreferencesStore } from '../../../machines/index.ts';
import { FOLDER_SORTS, type FolderSortKey } from '../list-rules.ts';
import * as styles from './projects.css.ts';

export interface FolderListOptionsProps {
  sortKey: FolderSortKey;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}

/**
 * The folder list's sort and page size (SPEC.md section 2), on screen beside the list: kept in the list
 * preferences (so restored next time) and announced when changed.
 */
export function FolderListOptions({ sortKey, pageSize, onPageSizeChange }: FolderListOptionsProps) {
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
