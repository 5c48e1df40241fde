import { browserStorage, readMicrophone } from '../../machines/index.ts';
import { captureConstraints } from './capture.ts';

/** A compressed take in progress (the browser's MediaRecorder). */
export interface MediaCaptureSession {
  /** Ends the take; `onDone` follows with the audio. Does nothing once it has ended. */
  stop(): void;
}

/**
 * Asks for the microphone chosen on /audio-settings (kept in local storage) with the recorder's settings of
 * SPEC.md section 5, or the browser's own choice when none was made or it is no longer there (the welcome
 * wizard's short take).
 */
export async function browserMicrophoneStream(): Promise<MediaStream> {
  const chosen = readMicrophone(browserStorage());
  if (chosen) {
    try {
      return await navigator.mediaDevices.getUserMedia(captureConstraints(chosen.id));
    } catch (error) {
      // A refusal stays a refusal; a microphone that went away falls back to any.
      if ((error as { name?: string } | null)?.name === 'NotAllowedError') throw error;
    }
  }
  return navigator.mediaDevices.getUserMedia(captureConstraints(null));
}

/**
 * Records `stream` with the browser's MediaRecorder (compressed, WebM where the browser offers it), for a
 * take that needs no WAV and no level meter. When it stops, the stream's tracks are released and `onDone`
 * gets the audio.
 */
export function startMediaCapture(stream: MediaStream, onDone: (audio: Blob) => void): MediaCaptureSession {
  const chunks: Blob[] = [];
  const media = new MediaRecorder(stream);
  media.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  media.onstop = () => {
    for (const track of stream.getTracks()) track.stop();
    onDone(new Blob(chunks, { type: media.mimeType || 'audio/webm' }));
  };
  media.start(250);
  return {
    stop: () => {
      if (media.state === 'recording') media.stop();
    },
  };
}
