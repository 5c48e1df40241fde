import { useIntl } from 'react-intl';
import { InformationDialog, type ModalComponentProps } from '../../../../design-system/index.ts';
import { deleteCalibration, renameCalibration, type Calibration } from '../../../api/index.ts';
import {
  makeDeleteModal,
  makeRenameModal,
  type DeleteData,
  type RenameData,
} from '../../../shared/modals/entity-modals.tsx';

export interface RenameCalibrationData extends RenameData<Calibration> {
  calibration: Calibration;
}

/** renameCalibration: the calibration's new name, checked against SPEC.md's name rule; PATCH /api/v3/calibration/{id}. */
export const RenameCalibrationModal = makeRenameModal<RenameCalibrationData, Calibration>({
  titleId: 'calibrations.rename.title',
  labelId: 'calibrations.rename.label',
  doneId: 'calibrations.rename.done',
  entity: 'calibration',
  current: (data) => data.calibration.name,
  save: (api, data, name) => renameCalibration(api, data.calibration.id, name),
  nameOf: (calibration) => calibration.name,
});

export interface DeleteCalibrationData extends DeleteData<Calibration> {
  calibration: Calibration;
}

/** deleteCalibration: soft delete, or permanent (hard_delete); DELETE /api/v3/calibration/{id}?hard_delete. */
export const DeleteCalibrationModal = makeDeleteModal<DeleteCalibrationData, Calibration>({
  titleId: 'calibrations.delete.title',
  bodyId: 'calibrations.delete.body',
  doneId: 'calibrations.delete.done',
  donePermanentId: 'calibrations.delete.donePermanent',
  entity: 'calibration',
  name: (data) => data.calibration.name,
  remove: async (api, data, permanent) => {
    await deleteCalibration(api, data.calibration.id, permanent);
    return data.calibration;
  },
});

/** audioSettingsIntro: what the recorder's settings are and why (SPEC.md section 5). */
export function AudioSettingsIntroModal(_props: ModalComponentProps<undefined>) {
  const intl = useIntl();
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'audioSettings.intro.title' })}
      body={<p>{intl.formatMessage({ id: 'audioSettings.intro.body' })}</p>}
    />
  );
}

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    renameCalibration: RenameCalibrationData;
    deleteCalibration: DeleteCalibrationData;
    audioSettingsIntro: undefined;
  }
}
