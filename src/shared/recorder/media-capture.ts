/** A compressed take in progress (the browser's MediaRecorder). */
export interface MediaCaptureSession {
  /** Ends the take; `onDone` follows with the audio. Does nothing once it has ended. */
  stop(): void;
}

/** Asks for any microphone, as the browser picks it (the welcome wizard's short take). */
export const browserMicrophoneStream = () => navigator.mediaDevices.getUserMedia({ audio: true });

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
