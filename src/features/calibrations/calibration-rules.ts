import { MAX_FILE_SIZE } from '../../api/index.ts';
import { t } from '../../i18n/index.ts';

/** SPEC.md sections 5 and 9: a calibration lasts 30-600 s; the microphone calibration stops itself at 60 s. */
export const MIN_CALIBRATION_SECONDS = 30;
export const MICROPHONE_STOP_SECONDS = 60;
export const MAX_CALIBRATION_SECONDS = 600;

const AUDIO_EXTENSIONS = /\.(wav|wave|mp3|ogg|oga|opus|flac|m4a|mp4|aac|webm|weba)$/i;

/** Whether a file looks like audio: its type says so, or (no type given) its name does. */
export function looksLikeAudio(file: Blob, fileName: string): boolean {
  if (file.type)
    return file.type.startsWith('audio/') || (file.type === 'video/webm' && AUDIO_EXTENSIONS.test(fileName));
  return AUDIO_EXTENSIONS.test(fileName);
}

/**
 * Why a file cannot be a calibration, said before it is sent (null when it may go): not audio, larger than an
 * upload may be, or — when its length could be read — shorter than 30 s or longer than 600 s. A length that
 * cannot be read here (NaN) is left to the server, which refuses with the same words.
 */
export function calibrationFileProblem(file: Blob, fileName: string, seconds: number): string | null {
  if (!looksLikeAudio(file, fileName)) return t('calibrations.error.notAudio');
  if (file.size > MAX_FILE_SIZE) return t('calibrations.error.tooLarge');
  if (Number.isFinite(seconds) && seconds > 0) {
    if (seconds < MIN_CALIBRATION_SECONDS)
      return t('calibrations.error.tooShort', { seconds: MIN_CALIBRATION_SECONDS });
    if (seconds > MAX_CALIBRATION_SECONDS) return t('calibrations.error.tooLong', { seconds: MAX_CALIBRATION_SECONDS });
  }
  return null;
}

/** A dated default name for a new calibration, valid under SPEC.md's name rule ("Calibration 05 Mar 2026"). */
export function defaultCalibrationName(now = new Date()): string {
  const month = now.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `Calibration ${String(now.getUTCDate()).padStart(2, '0')} ${month} ${now.getUTCFullYear()}`;
}
