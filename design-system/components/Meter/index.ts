export { Meter, type MeterProps } from './Meter.tsx';
export { meterTone, type MeterThresholds, type MeterTone } from './tone.ts';
