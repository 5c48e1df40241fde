/**
 * SPEC.md section 3: process_stage is "current/total". The displayed total is the second number + 1 (the
 * last step is the encoding after the chunks); progress is 100 / total × current; the string "0" is 0 %;
 * no stage at all is 100 %.
 */
export interface Stage {
  current: number;
  /** The displayed total (the second number + 1). */
  total: number;
}

const STAGE = /^(\d+)\/(\d+)$/;

/** The stage as shown ("Step 3 of 11"); null for "0", no stage, or a value that is not a stage. */
export function parseStage(stage: string | null | undefined): Stage | null {
  const match = stage ? STAGE.exec(stage) : null;
  if (!match) return null;
  return { current: Number(match[1]), total: Number(match[2]) + 1 };
}

/** Percent done, 0–100, from process_stage. */
export function stageProgress(stage: string | null | undefined): number {
  if (stage == null) return 100;
  if (stage === '0') return 0;
  const parsed = parseStage(stage);
  if (!parsed) return 0;
  return Math.min(100, Math.max(0, (100 / parsed.total) * parsed.current));
}

/**
 * Seconds left: the server's estimate when it has one; otherwise the pace so far (elapsed / progress),
 * once there is some progress to go by. Null when nothing can be said yet.
 */
export function estimateSecondsLeft(input: {
  progress: number;
  elapsedSeconds: number;
  serverEta?: number | null;
}): number | null {
  if (input.serverEta != null) return Math.max(0, Math.round(input.serverEta));
  if (input.progress <= 0 || input.progress >= 100 || input.elapsedSeconds <= 0)
    return input.progress >= 100 ? 0 : null;
  return Math.max(0, Math.round((input.elapsedSeconds * (100 - input.progress)) / input.progress));
}
