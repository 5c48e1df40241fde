import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Flag,
  Modal,
  Radio,
  RadioGroup,
  Stack,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import * as styles from '../components/voices.css.ts';
import { useReferenceData } from '../use-reference-data.ts';
import {
  activeFilterCount,
  anyOfGroup,
  EMPTY_VOICE_FILTERS,
  styleValuesOf,
  toVoiceFilters,
  voiceFiltersStore,
  withStyleValues,
  type VoiceFilters,
  type VoiceTalentFilter,
} from '../voice-filters.store.ts';
import { AGE_GROUPS, GENDERS, PITCH_GROUPS, SPECIES, VISIBILITIES } from '../voice-rules.ts';
import { openModal } from '../../../shared/modals/index.ts';
import type { MessageId } from '../../../i18n/index.ts';

export interface VoicesFiltersData {
  /** The voice talents page lists talents only: the marketplace/talents choice is not offered there. */
  talentsOnly?: boolean;
}

type ListFilter = 'gender' | 'age_group' | 'pitch_group' | 'species' | 'visibility';

const LIST_FILTERS: readonly { key: ListFilter; values: readonly string[]; message: string }[] = [
  { key: 'gender', values: GENDERS, message: 'voices.gender' },
  { key: 'age_group', values: AGE_GROUPS, message: 'voices.age' },
  { key: 'pitch_group', values: PITCH_GROUPS, message: 'voices.pitch' },
  { key: 'species', values: SPECIES, message: 'voices.species' },
  { key: 'visibility', values: VISIBILITIES, message: 'voices.visibility' },
];

const TALENT_CHOICES: readonly VoiceTalentFilter[] = ['any', 'marketplace', 'talents'];

/**
 * voicesFilters: narrows the catalogue by gender, age group, pitch group, species, visibility, accent
 * (locale), narration style tag group, favourites and voice talents. The choices apply together with Apply
 * and are kept in local storage; Cancel or Escape keeps the filters as they were.
 */
export function VoicesFiltersModal({ data, close }: ModalComponentProps<VoicesFiltersData>) {
  const intl = useIntl();
  const current = useSelector(voiceFiltersStore, (s) => s.context);
  const [draft, setDraft] = useState<VoiceFilters>(current);
  const accentInfos = useReferenceData('accentInfos');
  const tagGroups = useReferenceData('tagGroups');
  const talentsOnly = data?.talentsOnly ?? false;
  const change = (update: Partial<VoiceFilters>) => setDraft((d) => toVoiceFilters({ ...d, ...update }));

  const apply = () => {
    voiceFiltersStore.trigger.set({ filters: draft });
    announce(
      intl.formatMessage({ id: 'voices.filters.applied' }, { count: activeFilterCount(draft, { talentsOnly }) }),
    );
    close();
  };

  const locales =
    accentInfos.status === 'ready' ? Object.values(accentInfos.value).sort((a, b) => a.name.localeCompare(b.name)) : [];

  return (
    <Modal isDismissable size="lg">
      <Dialog
        title={intl.formatMessage({ id: 'voices.filters.title' })}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDraft(structuredClone(EMPTY_VOICE_FILTERS))}>
              <FormattedMessage id="voices.filters.reset" />
            </Button>
            <Button variant="secondary" onPress={close}>
              <FormattedMessage id="voices.filters.cancel" />
            </Button>
            <Button onPress={apply}>
              <FormattedMessage id="voices.filters.apply" />
            </Button>
          </>
        }
      >
        <Stack gap="md">
          <Checkbox isSelected={draft.favorite} onChange={(favorite) => change({ favorite })}>
            <FormattedMessage id="voices.favourites.only" />
          </Checkbox>
          {talentsOnly ? null : (
            <RadioGroup
              label={intl.formatMessage({ id: 'voices.filters.talent' })}
              orientation="horizontal"
              value={draft.voice_talent}
              onChange={(value) => change({ voice_talent: value as VoiceTalentFilter })}
            >
              {TALENT_CHOICES.map((choice) => (
                <Radio key={choice} value={choice}>
                  {intl.formatMessage({ id: `voices.filters.talent.${choice}` })}
                </Radio>
              ))}
            </RadioGroup>
          )}
          <div className={styles.filterGrid}>
            {LIST_FILTERS.map((filter) => (
              <CheckboxGroup
                key={filter.key}
                label={intl.formatMessage({ id: `voices.filters.${filter.key}` })}
                value={draft[filter.key]}
                onChange={(values) => change({ [filter.key]: values } as Partial<VoiceFilters>)}
              >
                {filter.values.map((value) => (
                  <Checkbox key={value} value={value}>
                    {intl.formatMessage({ id: `${filter.message}.${value}` as MessageId })}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            ))}
          </div>
          <div>
            <Button variant="secondary" size="sm" onPress={() => openModal({ id: 'howToRequestKidsVoices' })}>
              <FormattedMessage id="voices.kids.open" />
            </Button>
          </div>
          {accentInfos.status === 'error' ? (
            <Text tone="critical">
              <FormattedMessage id="voices.filters.accentsFailed" />
            </Text>
          ) : (
            <CheckboxGroup
              label={intl.formatMessage({ id: 'voices.filters.locales' })}
              description={
                accentInfos.status === 'loading' ? intl.formatMessage({ id: 'voices.filters.loading' }) : undefined
              }
              orientation="horizontal"
              value={draft.locales}
              onChange={(values) => change({ locales: values })}
            >
              {locales.map((info) => (
                <Checkbox key={info.locale} value={info.locale}>
                  <Flag region={info.region} size="sm" /> {info.name}
                </Checkbox>
              ))}
            </CheckboxGroup>
          )}
          {tagGroups.status === 'error' ? (
            <Text tone="critical">
              <FormattedMessage id="voices.filters.stylesFailed" />
            </Text>
          ) : tagGroups.status !== 'ready' ? (
            <Text tone="muted">
              <FormattedMessage id="voices.filters.loading" />
            </Text>
          ) : (
            // Narration styles: per tag group, "any of the group" or some of its tags (a voice with a style so tagged).
            <fieldset className={styles.styleFilters}>
              <legend>
                <FormattedMessage id="voices.filters.styles" />
              </legend>
              <Text tone="muted">
                <FormattedMessage id="voices.filters.stylesHelp" />
              </Text>
              {tagGroups.value.map((group) => (
                <CheckboxGroup
                  key={group.id}
                  label={group.name}
                  orientation="horizontal"
                  value={styleValuesOf(draft, group)}
                  onChange={(values) => change(withStyleValues(draft, group, values))}
                >
                  <Checkbox value={anyOfGroup(group.id)}>
                    <FormattedMessage id="voices.filters.anyOfGroup" values={{ group: group.name }} />
                  </Checkbox>
                  {group.tags.map((tag) => (
                    <Checkbox key={tag.id} value={tag.id}>
                      {tag.name}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
              ))}
            </fieldset>
          )}
        </Stack>
      </Dialog>
    </Modal>
  );
}
