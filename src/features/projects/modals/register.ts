import { useEffect } from 'react';
import { registerModal } from '../../../shared/modals/index.ts';
import {
  DeleteFolderModal,
  DeleteRecordingModal,
  RecordingInfoModal,
  RenameFolderModal,
  RenameRecordingModal,
  type DeleteFolderData,
  type DeleteRecordingData,
  type RenameFolderData,
  type RecordingInfoData,
  type RenameRecordingData,
} from './folder-recording-modals.tsx';
import {
  DeleteProjectModal,
  ProjectInfoModal,
  ProjectsFiltersModal,
  RenameProjectModal,
  type DeleteProjectData,
  type ProjectInfoData,
  type RenameProjectData,
} from './project-modals.tsx';

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    projectsFilters: undefined;
    projectInfo: ProjectInfoData;
    renameProject: RenameProjectData;
    deleteProject: DeleteProjectData;
    renameFolder: RenameFolderData;
    deleteFolder: DeleteFolderData;
    renameRecording: RenameRecordingData;
    deleteRecording: DeleteRecordingData;
    recordingInfo: RecordingInfoData;
  }
}

/**
 * Registers the studio's modals by id: projectsFilters, projectInfo, renameProject, deleteProject,
 * renameFolder, deleteFolder, renameRecording, deleteRecording and recordingInfo. A refused download opens
 * upgradePlan by id; the billing feature registers it.
 */
export function registerProjectsModals(): () => void {
  const undo = [
    registerModal('projectsFilters', ProjectsFiltersModal),
    registerModal('projectInfo', ProjectInfoModal),
    registerModal('renameProject', RenameProjectModal),
    registerModal('deleteProject', DeleteProjectModal),
    registerModal('renameFolder', RenameFolderModal),
    registerModal('deleteFolder', DeleteFolderModal),
    registerModal('renameRecording', RenameRecordingModal),
    registerModal('deleteRecording', DeleteRecordingModal),
    registerModal('recordingInfo', RecordingInfoModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the studio's modals registered while the component that calls it is mounted. */
export function useProjectsModals() {
  useEffect(() => registerProjectsModals(), []);
}
