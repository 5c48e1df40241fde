import { useIntl } from 'react-intl';
import { announce, RenameDialog, type ModalComponentProps } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { renameConversion, type Recording } from '../api/conversions-api.ts';
import { closeModalsAfter } from '../../../shared/modals/index.ts';

export interface RenameConversionData {
  /** The conversion to rename; its label is the name selected when the dialog opens. */
  conversion: Pick<Recording, 'id' | 'label'>;
  /** Told the conversion as the server now has it. */
  onRenamed?: (conversion: Recording) => void;
}

/**
 * renameConversion: a conversion's label (PATCH /api/recordings/{id}), checked at the field against SPEC.md's
 * name rule; saved, the new name is announced and the recording's modals close. The server's refusal stays
 * at the field.
 */
export function RenameConversionModal({ data }: ModalComponentProps<RenameConversionData>) {
  const intl = useIntl();
  const api = useApi();
  if (!data) return null;
  return (
    <RenameDialog
      title={intl.formatMessage({ id: 'conversions.rename.title' })}
      label={intl.formatMessage({ id: 'conversions.rename.label' })}
      defaultValue={data.conversion.label}
      onSubmit={async (label) => {
        const renamed = await renameConversion(api, data.conversion.id, label);
        data.onRenamed?.(renamed);
        announce(intl.formatMessage({ id: 'conversions.rename.done' }, { name: renamed.label }));
        closeModalsAfter({ entity: 'recording', action: 'update', ok: true });
      }}
    />
  );
}
