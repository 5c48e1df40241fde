import { defineHandlers } from '../platform/handlers.ts';
import {
  autoCalibration,
  createCalibration,
  deleteCalibration,
  enableCalibration,
  getCalibration,
  listCalibrations,
  renameCalibration,
} from './calibrations.ts';

/** The calibration calls (openapi/auth.yaml); each calibration is analysed by the calibrate job after its answer. */
export const calibrationsHandlers = defineHandlers({
  listCalibrations,
  createCalibration,
  autoCalibration,
  getCalibration,
  renameCalibration,
  deleteCalibration,
  enableCalibration,
});
