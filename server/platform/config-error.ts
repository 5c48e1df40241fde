/** A setting that is missing or malformed: the process says which and refuses to start. */
export class ConfigError extends Error {}
