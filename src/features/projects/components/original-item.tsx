import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  formatDate,
  formatDuration,
  formatSize,
  Icon,
  Inline,
  Menu,
  MenuItem,
  MenuTrigger,
  Select,
  Text,
  TextField,
  useClearStaleAnnouncementsOnUnmount,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { browserStorage, failureMessage, writeNewOriginal } from '../../../machines/index.ts';
import { saveNote, updateRecording, type Folder, type Recording } from '../api/projects-api.ts';
import { CONVERT_PAGE, convertData } from '../convert-original.ts';
import { playedStore } from '../played.store.ts';
import * as styles from './projects.css.ts';
import { useExport } from './use-export.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { OriginalPlayer } from '../../../shared/original-player.tsx';

export interface OriginalItemProps {
  recording: Recording;
  note: string | null;
  /** The project's other folders, where it can be moved. */
  folders: readonly Pick<Folder, 'id' | 'name'>[];
  onChanged: (recording: Recording) => void;
  onNoteSaved: (recordingId: string, text: string | null) => void;
  onMoved: (recording: Recording) => void;
  onDeleted: (ids: string[]) => void;
  /**
   * The original's conversions, under its player (the route layer brings them); the completed ones are
   * tracks of that one player.
   */
  conversions?: ReactNode;
}

/**
 * One original: one waveform player for it and its completed conversions (a track switcher), with its
 * played counter, star, note, move, and its menu.
 */
export function OriginalItem({
  recording,
  note,
  folders,
  onChanged,
  onNoteSaved,
  onMoved,
  onDeleted,
  conversions,
}: OriginalItemProps) {
  const intl = useIntl();
  const api = useApi();
  const exporter = useExport();
  // Moved or deleted, the item leaves with its pending buttons.
  useClearStaleAnnouncementsOnUnmount();
  const played = useSelector(playedStore, (s) => s.context.counts[recording.id] ?? 0);
  const [starring, setStarring] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  // The note and the move are asked for from the menu: the original stays compact until then (a note that
  // exists is always shown).
  const [opened, setOpened] = useState<'note' | 'move' | null>(null);
  const openedForm = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    // After the menu has closed and given focus back to its button: into the form that was asked for.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        openedForm.current?.querySelector<HTMLElement>('input, textarea, button:not([disabled])')?.focus(),
      ),
    );
    return () => cancelAnimationFrame(frame);
  }, [opened]);
  const headingId = `original-${recording.id}`;
  const others = folders.filter((f) => f.id !== recording.parent_folder_id);
  const navigate = useNavigate();
  // The voice choice converts the new original: this one becomes it (SPEC.md section 3's new-original data).
  const convert = () => {
    writeNewOriginal(browserStorage(), convertData(recording));
    void navigate(CONVERT_PAGE);
  };

  const toggleStar = async () => {
    setStarring(true);
    try {
      const updated = await updateRecording(api, recording.id, { starred: !recording.starred });
      onChanged(updated);
      announce(
        intl.formatMessage(
          { id: updated.starred ? 'projects.star.done' : 'projects.unstar.done' },
          { name: updated.label },
        ),
      );
    } catch (error) {
      announce(failureMessage(error), { politeness: 'assertive' });
    } finally {
      setStarring(false);
    }
  };

  const move = async () => {
    const target = others.find((f) => f.id === moveTo);
    if (!target) return;
    setMoving(true);
    try {
      const moved = await updateRecording(api, recording.id, { parent_folder_id: target.id });
      announce(intl.formatMessage({ id: 'projects.move.done' }, { name: moved.label, folder: target.name }));
      onMoved(moved);
    } catch (error) {
      announce(failureMessage(error), { politeness: 'assertive' });
      setMoving(false);
    }
  };

  return (
    <li className={styles.original} aria-labelledby={headingId}>
      <Inline gap="sm" align="center">
        <h3 id={headingId} className={styles.originalTitle} tabIndex={-1}>
          {recording.label}
        </h3>
        <div className={styles.originalMeta}>
          <Text tone="muted" variant="meta">
            {intl.formatMessage(
              { id: 'projects.recording.summary' },
              {
                date: formatDate(recording.created_at),
                duration: formatDuration(recording.duration),
                size: formatSize(recording.size),
                conversions: recording.conversions_count,
                played,
              },
            )}
          </Text>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={recording.starred}
          aria-label={intl.formatMessage({ id: 'projects.star' }, { name: recording.label })}
          isPending={starring}
          onPress={() => void toggleStar()}
        >
          <Icon name="star" />
          <span>{intl.formatMessage({ id: recording.starred ? 'projects.starred' : 'projects.notStarred' })}</span>
        </Button>
        {recording.url ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={intl.formatMessage({ id: 'projects.recording.convertLabel' }, { name: recording.label })}
            onPress={convert}
          >
            <Icon name="voice" />
            <span>{intl.formatMessage({ id: 'projects.recording.action.convert' })}</span>
          </Button>
        ) : null}
        <MenuTrigger>
          <Button
            variant="secondary"
            size="sm"
            aria-label={intl.formatMessage({ id: 'projects.recording.menu' }, { name: recording.label })}
          >
            <Icon name="more" />
          </Button>
          <Menu
            onAction={(key) => {
              if (key === 'convert') convert();
              if (key === 'note') setOpened('note');
              if (key === 'move') setOpened('move');
              if (key === 'info') openModal({ id: 'recordingInfo', data: { recording, note } });
              if (key === 'rename') openModal({ id: 'renameRecording', data: { recording, onRenamed: onChanged } });
              if (key === 'export') void exporter.run({ kind: 'original', id: recording.id }, recording.label);
              if (key === 'delete') openModal({ id: 'deleteRecording', data: { recording, onDeleted } });
            }}
          >
            {recording.url ? (
              <MenuItem id="convert" icon="voice">
                {intl.formatMessage({ id: 'projects.recording.action.convert' })}
              </MenuItem>
            ) : null}
            {note === null ? (
              <MenuItem id="note" icon="note">
                {intl.formatMessage({ id: 'projects.recording.action.note' })}
              </MenuItem>
            ) : null}
            {others.length > 0 ? (
              <MenuItem id="move" icon="folder">
                {intl.formatMessage({ id: 'projects.recording.action.move' })}
              </MenuItem>
            ) : null}
            <MenuItem id="info" icon="info">
              {intl.formatMessage({ id: 'projects.recording.action.info' })}
            </MenuItem>
            <MenuItem id="rename" icon="edit">
              {intl.formatMessage({ id: 'projects.recording.action.rename' })}
            </MenuItem>
            <MenuItem id="export" icon="download">
              {intl.formatMessage({ id: 'projects.recording.action.export' })}
            </MenuItem>
            <MenuItem id="delete" icon="trash" variant="danger">
              {intl.formatMessage({ id: 'projects.recording.action.delete' })}
            </MenuItem>
          </Menu>
        </MenuTrigger>
      </Inline>
      <OriginalPlayer
        original={recording}
        label={intl.formatMessage({ id: 'projects.player' }, { name: recording.label })}
        onPlayed={(track) => {
          playedStore.trigger.played({ id: track.id });
          announce(
            intl.formatMessage(
              { id: 'projects.player.playing' },
              { name: track.id === recording.id ? recording.label : track.label },
            ),
          );
        }}
        onStop={(track) =>
          announce(
            intl.formatMessage(
              { id: 'projects.player.stopped' },
              { name: track.id === recording.id ? recording.label : track.label },
            ),
          )
        }
      />
      {conversions}
      {note !== null || opened === 'note' ? (
        <div ref={opened === 'note' ? openedForm : undefined}>
          <NoteForm
            recording={recording}
            note={note}
            onSaved={(id, text) => {
              onNoteSaved(id, text);
              if (opened === 'note') setOpened(null);
            }}
          />
        </div>
      ) : null}
      {others.length > 0 && opened === 'move' ? (
        <div className={styles.inlineForm} ref={openedForm}>
          <Select
            label={intl.formatMessage({ id: 'projects.move.label' }, { name: recording.label })}
            placeholder={intl.formatMessage({ id: 'projects.move.placeholder' })}
            options={others.map((f) => ({ id: f.id, label: f.name }))}
            value={moveTo}
            onChange={(key) => setMoveTo(key === null ? null : String(key))}
          />
          <Button variant="secondary" isDisabled={!moveTo} isPending={moving} onPress={() => void move()}>
            <FormattedMessage id="projects.move.submit" />
          </Button>
          <Button variant="secondary" isDisabled={moving} onPress={() => setOpened(null)}>
            <FormattedMessage id="projects.move.cancel" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function NoteForm({
  recording,
  note,
  onSaved,
}: {
  recording: Recording;
  note: string | null;
  onSaved: (recordingId: string, text: string | null) => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const [text, setText] = useState(note ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      className={styles.inlineForm}
      validationErrors={error ? { note: error } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        setPending(true);
        saveNote(api, recording.id, text, note !== null)
          .then((saved) => {
            onSaved(recording.id, saved?.text ?? null);
            announce(
              intl.formatMessage(
                { id: saved ? 'projects.note.saved' : 'projects.note.removed' },
                { name: recording.label },
              ),
            );
          })
          .catch((e: unknown) => setError(failureMessage(e)))
          .finally(() => setPending(false));
      }}
    >
      <div className={styles.grow}>
        <TextField
          name="note"
          label={intl.formatMessage({ id: 'projects.note.label' }, { name: recording.label })}
          value={text}
          maxLength={5000}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
        />
      </div>
      <Button type="submit" variant="secondary" isPending={pending}>
        <FormattedMessage id="projects.note.save" />
      </Button>
    </Form>
  );
}
