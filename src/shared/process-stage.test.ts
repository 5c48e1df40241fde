import { describe, expect, it } from 'vitest';
import { estimateSecondsLeft, parseStage, stageProgress } from './process-stage.ts';

describe('process_stage (SPEC.md section 3)', () => {
  it('shows the second number + 1 as the total and 100 / total × current as progress', () => {
    expect(parseStage('3/9')).toEqual({ current: 3, total: 10 });
    expect(stageProgress('3/9')).toBe(30);
    expect(stageProgress('9/9')).toBe(90);
    expect(stageProgress('1/1')).toBe(50);
  });

  it('reads "0" as 0 % and no stage as 100 %', () => {
    expect(stageProgress('0')).toBe(0);
    expect(parseStage('0')).toBeNull();
    expect(stageProgress(null)).toBe(100);
    expect(stageProgress(undefined)).toBe(100);
  });

  it('never leaves 0–100, and takes a value that is not a stage as 0 %', () => {
    expect(stageProgress('12/3')).toBe(100);
    expect(stageProgress('abc')).toBe(0);
  });
});

describe('estimateSecondsLeft', () => {
  it("prefers the server's estimate", () => {
    expect(estimateSecondsLeft({ progress: 50, elapsedSeconds: 10, serverEta: 3.4 })).toBe(3);
  });
  it('goes by the pace so far, and says nothing before there is progress', () => {
    expect(estimateSecondsLeft({ progress: 25, elapsedSeconds: 10 })).toBe(30);
    expect(estimateSecondsLeft({ progress: 0, elapsedSeconds: 10 })).toBeNull();
    expect(estimateSecondsLeft({ progress: 100, elapsedSeconds: 10 })).toBe(0);
  });
});
