import { joinChunks, levelOf, RECORDING_SAMPLE_RATE } from './wav.ts';
// The capture processor, as a file of its own served from the app's origin (CSP script-src 'self').
import captureWorkletUrl from './capture-worklet.js?url&no-inline';

/** A microphone the browser offers. */
export interface Microphone {
  id: string;
  name: string;
}

/** SPEC.md section 5: 48 kHz, mono, gain control, noise suppression and echo cancellation off. */
export function captureConstraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      sampleRate: RECORDING_SAMPLE_RATE,
      channelCount: 1,
      autoGainControl: false,
      noiseSuppression: false,
      echoCancellation: false,
    },
  };
}

/**
 * Asks for the microphone (the browser's permission prompt) and lists the audio inputs, which only carry
 * their names once permission is given. Rejects with the browser's NotAllowedError when refused.
 */
export async function requestMicrophones(media: MediaDevices = navigator.mediaDevices): Promise<Microphone[]> {
  const probe = await media.getUserMedia(captureConstraints(null));
  probe.getTracks().forEach((track) => track.stop());
  const devices = await media.enumerateDevices();
  return devices
    .filter((d) => d.kind === 'audioinput' && d.deviceId !== 'communications')
    .map((d, i) => ({ id: d.deviceId, name: d.label || `Microphone ${i + 1}` }));
}

export interface CaptureSession {
  /** Stops capturing and returns the samples at `sampleRate`. */
  stop(): { samples: Float32Array; sampleRate: number };
  /** Stops without keeping anything. */
  cancel(): void;
}

/**
 * Captures the microphone at 48 kHz mono through an AudioWorklet (a ScriptProcessor where worklets are
 * missing). `onLevel` gets the input level (0-100) about ten times a second for the meter.
 */
export async function startCapture(
  deviceId: string | null,
  onLevel: (level: number) => void,
  media: MediaDevices = navigator.mediaDevices,
): Promise<CaptureSession> {
  const stream = await media.getUserMedia(captureConstraints(deviceId));
  // The context resamples whatever the device gives to 48 kHz.
  const context = new AudioContext({ sampleRate: RECORDING_SAMPLE_RATE });
  const source = context.createMediaStreamSource(stream);
  const chunks: Float32Array[] = [];
  let sinceLevel = 0;
  const take = (chunk: Float32Array) => {
    chunks.push(chunk);
    sinceLevel += chunk.length;
    if (sinceLevel >= context.sampleRate / 10) {
      sinceLevel = 0;
      onLevel(levelOf(chunk));
    }
  };
  let node: AudioNode;
  if (context.audioWorklet) {
    await context.audioWorklet.addModule(captureWorkletUrl);
    const worklet = new AudioWorkletNode(context, 'timbre-capture', { numberOfInputs: 1, channelCount: 1 });
    worklet.port.onmessage = (event: MessageEvent<Float32Array>) => take(event.data);
    node = worklet;
  } else {
    const processor = context.createScriptProcessor(4096, 1, 1);
    processor.onaudioprocess = (event) => take(new Float32Array(event.inputBuffer.getChannelData(0)));
    node = processor;
  }
  source.connect(node);
  // A silent sink keeps the graph pulling in every browser.
  const sink = context.createGain();
  sink.gain.value = 0;
  node.connect(sink).connect(context.destination);
  const close = () => {
    source.disconnect();
    node.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    void context.close();
  };
  return {
    stop: () => {
      const sampleRate = context.sampleRate;
      close();
      return { samples: joinChunks(chunks), sampleRate };
    },
    cancel: close,
  };
}
