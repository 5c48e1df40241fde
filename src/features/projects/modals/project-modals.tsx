import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import {
  announce,
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  formatDate,
  formatDateTime,
  formatDuration,
  formatSize,
  InformationDialog,
  Modal,
  Radio,
  RadioGroup,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, listPreferencesStore, useResource } from '../../../machines/index.ts';
import { closeModalsAfter } from '../../../shared/modals/index.ts';
import {
  deleteProject,
  getProjectStats,
  listModels,
  renameProject,
  setProjectModels,
  type Project,
  type ProjectState,
} from '../api/projects-api.ts';
import { PROJECT_SORTS, PROJECT_STATES, projectSortOf, projectStateOf } from '../list-rules.ts';
import * as styles from '../components/projects.css.ts';
import {
  makeDeleteModal,
  makeRenameModal,
  type DeleteData,
  type RenameData,
} from '../../../shared/modals/entity-modals.tsx';
import type { MessageId } from '../../../i18n/index.ts';

export interface RenameProjectData extends RenameData<Project> {
  project: Project;
}

/** renameProject: the project's new name, checked against SPEC.md's name rule; PATCH /api/projects/{id}. */
export const RenameProjectModal = makeRenameModal<RenameProjectData, Project>({
  titleId: 'projects.rename.title',
  labelId: 'projects.rename.label',
  doneId: 'projects.rename.done',
  entity: 'project',
  current: (data) => data.project.name,
  save: (api, data, name) => renameProject(api, data.project.id, name),
  nameOf: (project) => project.name,
});

export interface DeleteProjectData extends DeleteData<string> {
  project: Project;
}

/**
 * deleteProject: soft delete (found again under the deleted filter) or permanent; a project already in the
 * deleted filter can only go permanently. DELETE /api/projects/{id}?hard_delete.
 */
export const DeleteProjectModal = makeDeleteModal<DeleteProjectData, string>({
  titleId: 'projects.delete.title',
  bodyId: 'projects.delete.body',
  doneId: 'projects.delete.done',
  donePermanentId: 'projects.delete.donePermanent',
  entity: 'project',
  name: (data) => data.project.name,
  permanentOnly: (data) => data.project.deleted_at !== null,
  remove: async (api, data, permanent) => {
    await deleteProject(api, data.project.id, permanent);
    return data.project.id;
  },
});

/** projectInfo: the project's dates and totals, and the models it uses. */
export interface ProjectInfoData {
  project: Project;
  /** The project as the server answered it after a change (its models saved). */
  onUpdated?: (project: Project) => void;
}

export function ProjectInfoModal({ data }: ModalComponentProps<ProjectInfoData>) {
  const intl = useIntl();
  const api = useApi();
  // The figures as they are now (POST /api/stats/projects): the page's copy may predate uploads and conversions.
  const fresh = useResource(data ? ['project-stats', data.project.id] : null, () =>
    getProjectStats(api, [data!.project.id]),
  );
  if (!data) return null;
  const project = {
    ...data.project,
    stats: (fresh.status === 'ready' ? fresh.value.get(data.project.id) : undefined) ?? data.project.stats,
  };
  const rows: [MessageId, string][] = [
    ['projects.info.created', formatDateTime(project.created_at)],
    [
      'projects.info.lastRecording',
      project.last_recording_at
        ? formatDate(project.last_recording_at)
        : intl.formatMessage({ id: 'projects.info.never' }),
    ],
    ['projects.info.folders', intl.formatNumber(project.stats.folders)],
    ['projects.info.originals', intl.formatNumber(project.stats.originals)],
    ['projects.info.conversions', intl.formatNumber(project.stats.conversions)],
    ['projects.info.duration', formatDuration(project.stats.duration)],
    ['projects.info.size', formatSize(project.stats.size)],
  ];
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'projects.info.title' }, { name: project.name })}
      body={
        <Stack gap="lg">
          <dl className={styles.facts}>
            {rows.map(([id, value]) => (
              <div key={id} className={styles.fact}>
                <dt>{intl.formatMessage({ id })}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {project.deleted_at === null ? <ProjectModels project={project} onUpdated={data.onUpdated} /> : null}
        </Stack>
      }
    />
  );
}

/**
 * The conversion models a project uses (GET /api/models for the choice, PUT /api/projects/{id} to save it).
 * Models the plan does not allow are shown but cannot be chosen. Saved, the dialog closes (SPEC.md section 2)
 * and the change is said.
 */
function ProjectModels({ project, onUpdated }: { project: Project; onUpdated?: (project: Project) => void }) {
  const intl = useIntl();
  const api = useApi();
  const models = useResource(['models'], (signal) => listModels(api, { signal }));
  const [chosen, setChosen] = useState<string[]>(project.models);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = chosen.length !== project.models.length || chosen.some((id) => !project.models.includes(id));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await setProjectModels(api, project.id, chosen);
      onUpdated?.(saved);
      announce(intl.formatMessage({ id: 'projects.models.saved' }, { name: saved.name, count: saved.models.length }));
      closeModalsAfter({ entity: 'project', action: 'update', ok: true });
    } catch (failure) {
      const message = intl.formatMessage({ id: 'projects.models.failed' }, { message: failureMessage(failure) });
      setError(message);
      announce(message, { politeness: 'assertive' });
      setSaving(false);
    }
  };
  if (models.status === 'error') {
    return <Text tone="critical">{intl.formatMessage({ id: 'projects.models.loadFailed' })}</Text>;
  }
  return (
    <Stack gap="sm">
      <CheckboxGroup
        label={intl.formatMessage({ id: 'projects.models.label' })}
        description={intl.formatMessage({
          id: models.status === 'loading' ? 'projects.models.loading' : 'projects.models.help',
        })}
        value={chosen}
        onChange={setChosen}
      >
        {(models.status === 'ready' ? models.value : []).map((model) => (
          <Checkbox
            key={model.id}
            value={model.id}
            isDisabled={!model.user_can_use_model && !chosen.includes(model.id)}
            description={model.user_can_use_model ? undefined : intl.formatMessage({ id: 'projects.models.notInPlan' })}
          >
            {model.name}
          </Checkbox>
        ))}
      </CheckboxGroup>
      {error ? <Text tone="critical">{error}</Text> : null}
      <div>
        <Button variant="secondary" size="sm" isDisabled={!changed} isPending={saving} onPress={() => void save()}>
          <FormattedMessage id="projects.models.save" />
        </Button>
      </div>
    </Stack>
  );
}

/** projectsFilters: the state filter and the sort of the projects list, applied together. */
export function ProjectsFiltersModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  const prefs = useSelector(listPreferencesStore, (s) => s.context.projects);
  const [sort, setSort] = useState<string>(projectSortOf(prefs.sort, prefs.direction).key);
  const [state, setState] = useState<string>(projectStateOf(prefs.state));
  const apply = () => {
    const chosen = PROJECT_SORTS.find((s) => s.key === sort) ?? PROJECT_SORTS[0];
    listPreferencesStore.trigger.set({
      list: 'projects',
      change: { sort: chosen.sort, direction: chosen.direction, state },
    });
    announce(
      intl.formatMessage(
        { id: 'projects.filters.applied' },
        {
          state: intl.formatMessage({ id: `projects.state.${state as ProjectState}` }),
          sort: intl.formatMessage({ id: `projects.sort.${chosen.key}` }),
        },
      ),
    );
    close();
  };
  return (
    <Modal isDismissable>
      <Dialog
        title={intl.formatMessage({ id: 'projects.filters.title' })}
        actions={
          <>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="projects.filters.cancel" />
            </Button>
            <Button onPress={apply}>
              <FormattedMessage id="projects.filters.apply" />
            </Button>
          </>
        }
      >
        <Stack gap="md">
          <RadioGroup label={intl.formatMessage({ id: 'projects.filters.state' })} value={state} onChange={setState}>
            {PROJECT_STATES.map((s) => (
              <Radio key={s} value={s}>
                {intl.formatMessage({ id: `projects.state.${s}` })}
              </Radio>
            ))}
          </RadioGroup>
          <RadioGroup label={intl.formatMessage({ id: 'projects.filters.sort' })} value={sort} onChange={setSort}>
            {PROJECT_SORTS.map((s) => (
              <Radio key={s.key} value={s.key}>
                {intl.formatMessage({ id: `projects.sort.${s.key}` })}
              </Radio>
            ))}
          </RadioGroup>
        </Stack>
      </Dialog>
    </Modal>
  );
}
