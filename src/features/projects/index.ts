export { ProjectsPage } from './components/projects-page.tsx';
export { ProjectPage, type ProjectPageProps, type RenderConversions } from './components/project-page.tsx';
export { registerProjectsModals, useProjectsModals } from './modals/register.ts';
