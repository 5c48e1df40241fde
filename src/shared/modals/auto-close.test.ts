import { describe, expect, it } from 'vitest';
import { modalsToClose, type SettledMutation } from './auto-close.ts';
import { MODAL_IDS, type ModalId } from './modal-ids.ts';

// Every modal open at once, plus a whatIs topic: whatever the rule does not name must stay open.
const everyModal: ModalId[] = [...MODAL_IDS, 'whatIs:accent'];

const ok = (entity: SettledMutation['entity'], action: SettledMutation['action']): SettledMutation => ({
  entity,
  action,
  ok: true,
});

describe('modalsToClose (SPEC.md §2 auto-close)', () => {
  it.each([
    ['calibration', ['deleteCalibration', 'renameCalibration']],
    ['folder', ['deleteFolder', 'renameFolder']],
    ['project', ['deleteProject', 'projectInfo', 'renameProject']],
    ['recording', ['deleteConversion', 'deleteRecording', 'recordingInfo', 'renameConversion', 'renameRecording']],
  ] as const)('closes the %s modals after a successful update or delete', (entity, expected) => {
    expect(modalsToClose(ok(entity, 'update'), everyModal)).toEqual(expected);
    expect(modalsToClose(ok(entity, 'delete'), everyModal)).toEqual(expected);
  });

  it('closes the feedback and help modals after feedback is sent', () => {
    expect(modalsToClose(ok('feedback', 'send'), everyModal)).toEqual(['getHelp', 'provideFeedback']);
  });

  it('closes only modals that are open', () => {
    expect(modalsToClose(ok('project', 'delete'), ['deleteProject', 'upgradePlan'])).toEqual(['deleteProject']);
    expect(modalsToClose(ok('project', 'delete'), [])).toEqual([]);
  });

  it('leaves every modal of another entity open', () => {
    const open: ModalId[] = ['renameFolder', 'deleteRecording', 'renameCalibration', 'provideFeedback'];
    expect(modalsToClose(ok('project', 'update'), open)).toEqual([]);
    expect(modalsToClose(ok('folder', 'delete'), open)).toEqual(['renameFolder']);
  });

  it.each(['calibration', 'folder', 'project', 'recording', 'feedback'] as const)(
    'closes nothing when a %s call fails',
    (entity) => {
      for (const action of ['update', 'delete', 'send'] as const) {
        expect(modalsToClose({ entity, action, ok: false }, everyModal)).toEqual([]);
      }
    },
  );

  it('closes nothing after a create, or for entities the rule does not name', () => {
    expect(modalsToClose(ok('folder', 'create'), everyModal)).toEqual([]);
    expect(modalsToClose(ok('project', 'send'), everyModal)).toEqual([]);
    expect(modalsToClose(ok('feedback', 'update'), everyModal)).toEqual([]);
    expect(modalsToClose(ok('voice', 'update'), everyModal)).toEqual([]);
    expect(modalsToClose(ok('account', 'delete'), everyModal)).toEqual([]);
  });

  it('never closes the unrelated modals', () => {
    const unrelated: ModalId[] = ['upgradePlan', 'trialWarning', 'whatIs', 'whatIs:accent', 'voiceSettings'];
    for (const entity of ['calibration', 'folder', 'project', 'recording', 'feedback'] as const) {
      for (const action of ['update', 'delete', 'send'] as const) {
        expect(modalsToClose(ok(entity, action), unrelated)).toEqual([]);
      }
    }
  });
});
