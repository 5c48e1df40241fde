export { createApiClients, type ApiClients, type ApiClientOptions } from './clients.ts';
export { ApiError, isApiError } from './api-error.ts';
export { body } from './body.ts';
export {
  FetchUploadRequest,
  INVALID_UPLOAD_PARAMS,
  MAX_FILE_SIZE,
  MAX_FILES,
  precheckFiles,
  RECORDINGS_URL,
  upload,
  UPLOAD_CANCELLED,
  uploadErrorMessage,
  uploadRecordings,
  type Recording,
  type UploadParams,
  type UploadRecordingsInput,
  type UploadRequest,
  type UploadTransport,
} from './upload.ts';
export { BY_IDS_LIMIT, getVoice, getVoicesByIds } from './voices.ts';
export { keepSessionOn401, CSRF_HEADER, FILE_TOO_LARGE } from './middleware.ts';
export { createTokenStore, SESSION_TOKEN_KEY, type TokenStore } from './session-token.ts';
export { ApiProvider, useApi } from './api-context.tsx';
export {
  parseServerMessage,
  type ClientHello,
  type ConversionFinishedData,
  type ConversionProcessingData,
  type LiveEvent,
  type LiveEventOf,
  type LiveEventType,
  type LiveNotification,
  type ServerMessage,
  type ServerReady,
} from './events.ts';
export {
  autoCalibration,
  CALIBRATION_URL,
  CALIBRATIONS_PAGE_SIZE,
  deleteCalibration,
  enableCalibration,
  findEnabledCalibration,
  getCalibration,
  listCalibrations,
  renameCalibration,
  uploadCalibration,
  type Calibration,
  type CalibrationStatus,
  type UploadCalibrationInput,
} from './calibrations.ts';
