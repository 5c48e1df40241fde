/* global AudioWorkletProcessor, registerProcessor */
// The capture processor: copies each block of the first channel to the page. A file of its own (served
// from the app's origin, as the Content-Security-Policy's script-src 'self' requires of worklets).
class TimbreCapture extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor('timbre-capture', TimbreCapture);
