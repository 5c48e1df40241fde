import { OriginalConversions } from '../features/conversions/components/original-conversions.tsx';
import { ProjectPage, type RenderConversions } from '../features/projects/components/project-page.tsx';

/*
 * Where the conversions feature meets the project page: features never import each other, so the route
 * layer hands the project page each original's conversions. The page's own files are imported (not the
 * features' index.ts) so this route's chunk holds this page only.
 */

const renderConversions: RenderConversions = (original) => <OriginalConversions original={original} />;

/** The project page, with each original's conversions under its player. */
export function ProjectRoute() {
  return <ProjectPage renderConversions={renderConversions} />;
}
