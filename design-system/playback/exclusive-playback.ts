/**
 * One sound at a time across the page. Every player registers the media element it plays through; when any
 * media starts playing (a registered element, or any `<audio>`/`<video>` in the document) every other
 * registered element that is playing pauses. A registered element need not be in the document: wavesurfer's
 * own element is not, so its `play` never reaches a document listener.
 */
const registered = new Set<HTMLMediaElement>();

function pauseOthers(started: EventTarget | null) {
  for (const media of registered) {
    if (media !== started && !media.paused) media.pause();
  }
}

const onDocumentPlay = (event: Event) => {
  if (event.target instanceof HTMLMediaElement) pauseOthers(event.target);
};
const onOwnPlay = (event: Event) => pauseOthers(event.currentTarget);

/**
 * Joins `media` to the page's exclusive playback: starting it pauses the other registered players, and
 * any media starting elsewhere on the page pauses it. Returns the function that leaves.
 */
export function registerExclusivePlayback(media: HTMLMediaElement): () => void {
  if (registered.size === 0) document.addEventListener('play', onDocumentPlay, true);
  registered.add(media);
  media.addEventListener('play', onOwnPlay);
  return () => {
    media.removeEventListener('play', onOwnPlay);
    registered.delete(media);
    if (registered.size === 0) document.removeEventListener('play', onDocumentPlay, true);
  };
}
