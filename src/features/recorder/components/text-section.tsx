import { FormattedMessage } from 'react-intl';
import { Button, Heading, Text } from '../../../../design-system/index.ts';
import { useModal } from '../../../shared/modals/index.ts';
import * as styles from './recorder.css.ts';
import { rememberSaved, type RecordTarget } from './use-record-target.ts';

/** Or type a text: the recordingTts modal speaks it in a voice and saves it here as a new original. */
export function TextSection({ target }: { target: RecordTarget }) {
  const tts = useModal('recordingTts');
  const { project, folder } = target;
  return (
    <section className={styles.section} aria-labelledby="tts-heading">
      <Heading level={2} id="tts-heading">
        <FormattedMessage id="recorder.tts.title" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="recorder.tts.lead" />
      </Text>
      <div>
        <Button
          variant="secondary"
          isDisabled={!project || !folder}
          onPress={() =>
            project &&
            folder &&
            tts.open({
              projectId: project.id,
              folderId: folder.id,
              onCreated: (recording) => rememberSaved({ project, folder }, [recording], 'tts'),
            })
          }
        >
          <FormattedMessage id="recorder.tts.open" />
        </Button>
      </div>
    </section>
  );
}
