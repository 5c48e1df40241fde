import { useIntl } from 'react-intl';
import {
  addToast,
  ConfirmDeleteDialog,
  useClearStaleAnnouncementsOnUnmount,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { deleteConversion, type Recording } from '../api/conversions-api.ts';
import { closeModalsAfter } from '../../../shared/modals/index.ts';

export interface DeleteConversionData {
  /** The conversion to delete. */
  conversion: Pick<Recording, 'id'>;
  /** How the page names it ("Ada, +2 st"). */
  name: string;
  /** Told once it is gone, and whether for good. */
  onDeleted?: (permanent: boolean) => void;
}

/**
 * deleteConversion: a conversion, soft ("Delete") or permanently; one still converting is cancelled with it
 * (marketplace.yaml). One that is already gone (cancelled here, which deletes it) is simply let go.
 */
export function DeleteConversionModal({ data }: ModalComponentProps<DeleteConversionData>) {
  const intl = useIntl();
  const api = useApi();
  // The pending button's announcement points at its label, which leaves with the dialog.
  useClearStaleAnnouncementsOnUnmount();
  if (!data) return null;
  return (
    <ConfirmDeleteDialog
      title={intl.formatMessage({ id: 'conversions.delete.title' }, { name: data.name })}
      body={<p>{intl.formatMessage({ id: 'conversions.delete.body' })}</p>}
      offerPermanent
      onConfirm={async ({ permanent }) => {
        try {
          await deleteConversion(api, data.conversion.id, permanent);
        } catch (error) {
          if (!isApiError(error) || error.statusCode !== 404) throw error;
        }
        data.onDeleted?.(permanent);
        addToast({
          message: intl.formatMessage(
            { id: permanent ? 'conversions.delete.donePermanent' : 'conversions.delete.done' },
            { name: data.name },
          ),
          severity: 'success',
        });
        closeModalsAfter({ entity: 'recording', action: 'delete', ok: true });
      }}
    />
  );
}
