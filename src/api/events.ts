import type { components } from '../../openapi/generated/events.js';

/** The real-time messages of GET /ws (openapi/events.yaml), typed from the contract. */
export type LiveEvent = components['schemas']['Event'];
export type LiveEventType = LiveEvent['type'];
export type ClientHello = components['schemas']['ClientHello'];
export type ServerReady = components['schemas']['ServerReady'];
export type ServerMessage = components['schemas']['ServerMessage'];
export type ConversionProcessingData = components['schemas']['ConversionProcessingData'];
export type ConversionFinishedData = components['schemas']['ConversionFinishedData'];
export type LiveNotification = components['schemas']['Notification'];

/** One event of a given type. */
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/** Parses one WebSocket text frame; null when it is not a message of the contract's shape. */
export function parseServerMessage(text: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; id?: unknown };
  if (message.type === 'ready') return value as ServerReady;
  if (typeof message.type === 'string' && typeof message.id === 'number') return value as LiveEvent;
  return null;
}
