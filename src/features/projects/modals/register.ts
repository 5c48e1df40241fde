import { useEffect } from 'react';
import { registerModal } from '../../../../design-system/index.ts';
import {
  DeleteFolderModal,
  DeleteRecordingModal,
  RecordingInfoModal,
  RenameFolderModal,
  RenameRecordingModal,
  type DeleteFolderData,
  type DeleteRecordingData,
  type RenameFolderData,
  type RenameRecordingData,
} from './folder-recording-modals.tsx';
import {
  DeleteProjectModal,
  ProjectInfoModal,
  ProjectsFiltersModal,
  RenameProjectModal,
  type DeleteProjectData,
  type RenameProjectData,
} from './project-modals.tsx';

/**
 * Registers the studio's modals by id: projectsFilters, projectInfo, renameProject, deleteProject,
 * renameFolder, deleteFolder, renameRecording, deleteRecording and recordingInfo. A refused download opens
 * upgradePlan by id; the billing feature registers it.
 */
export function registerProjectsModals(): () => void {
  const undo = [
    registerModal('projectsFilters', ProjectsFiltersModal),
    registerModal('projectInfo', ProjectInfoModal),
    registerModal<RenameProjectData>('renameProject', RenameProjectModal),
    registerModal<DeleteProjectData>('deleteProject', DeleteProjectModal),
    registerModal<RenameFolderData>('renameFolder', RenameFolderModal),
    registerModal<DeleteFolderData>('deleteFolder', DeleteFolderModal),
    registerModal<RenameRecordingData>('renameRecording', RenameRecordingModal),
    registerModal<DeleteRecordingData>('deleteRecording', DeleteRecordingModal),
    registerModal('recordingInfo', RecordingInfoModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the studio's modals registered while the component that calls it is mounted. */
export function useProjectsModals() {
  useEffect(() => registerProjectsModals(), []);
}
