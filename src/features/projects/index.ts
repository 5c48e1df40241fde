export { ProjectsPage } from './components/projects-page.tsx';
export { ProjectPage } from './components/project-page.tsx';
export { registerProjectsModals, useProjectsModals } from './modals/register.ts';
