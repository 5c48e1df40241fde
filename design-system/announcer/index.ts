export { Announcer } from './Announcer.tsx';
export {
  ANNOUNCEMENT_LOG_SIZE,
  announce,
  announceAction,
  announcementLog,
  clearAnnouncements,
  progressMilestone,
  recordAnnouncement,
  setAnnouncerSink,
  type AnnounceOptions,
  type AnnounceParams,
  type Announcement,
  type AnnouncerSink,
  type Politeness,
  type ProgressMilestone,
} from './announcer.ts';
export {
  clearStaleAnnouncements,
  resetLiveRegion,
  useClearStaleAnnouncementsOnChange,
  useClearStaleAnnouncementsOnUnmount,
} from './stale.ts';
export { useAnnounceChange } from './use-announce-change.ts';
