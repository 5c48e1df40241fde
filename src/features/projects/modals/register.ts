import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type {
  DeleteFolderData,
  DeleteRecordingData,
  RenameFolderData,
  RecordingInfoData,
  RenameRecordingData,
} from './folder-recording-modals.tsx';
import type { DeleteProjectData, ProjectInfoData, RenameProjectData } from './project-modals.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const DeleteFolderModal = lazyComponent(
  () => import('./folder-recording-modals.tsx'),
  (m) => m.DeleteFolderModal,
);
const DeleteRecordingModal = lazyComponent(
  () => import('./folder-recording-modals.tsx'),
  (m) => m.DeleteRecordingModal,
);
const RecordingInfoModal = lazyComponent(
  () => import('./folder-recording-modals.tsx'),
  (m) => m.RecordingInfoModal,
);
const RenameFolderModal = lazyComponent(
  () => import('./folder-recording-modals.tsx'),
  (m) => m.RenameFolderModal,
);
const RenameRecordingModal = lazyComponent(
  () => import('./folder-recording-modals.tsx'),
  (m) => m.RenameRecordingModal,
);
const DeleteProjectModal = lazyComponent(
  () => import('./project-modals.tsx'),
  (m) => m.DeleteProjectModal,
);
const ProjectInfoModal = lazyComponent(
  () => import('./project-modals.tsx'),
  (m) => m.ProjectInfoModal,
);
const ProjectsFiltersModal = lazyComponent(
  () => import('./project-modals.tsx'),
  (m) => m.ProjectsFiltersModal,
);
const RenameProjectModal = lazyComponent(
  () => import('./project-modals.tsx'),
  (m) => m.RenameProjectModal,
);

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
