import { describe, expect, it } from 'vitest';
import { curlScript, EXAMPLE_STEPS, fill, jqPath, pick } from './api-example.ts';

describe('the API example', () => {
  it('fills placeholders from earlier answers, or leaves shell variables', () => {
    expect(fill('/api/folders?project_id={PROJECT_ID}', { PROJECT_ID: 'p1' })).toBe('/api/folders?project_id=p1');
    expect(fill('/api/recordings/{CONVERSION_ID}', {}, true)).toBe('/api/recordings/$CONVERSION_ID');
  });

  it('reads values out of JSON answers as jq would', () => {
    expect(pick([{ id: 'o1' }], '0.id')).toBe('o1');
    expect(pick({ items: [{ id: 'v1' }] }, 'items.0.id')).toBe('v1');
    expect(pick({ items: [] }, 'items.0.id')).toBeUndefined();
    expect(jqPath('0.id')).toBe('.[0].id');
    expect(jqPath('items.0.id')).toBe('.items[0].id');
    expect(jqPath('state')).toBe('.state');
  });

  it('writes every step as curl with the key header, lists projects, uploads, orders and downloads', () => {
    const script = curlScript('https://timbre.example');
    expect(script).toContain(
      'curl -sS --fail-with-body -H "X-API-Key: $TIMBRE_API_KEY" "https://timbre.example/api/projects?limit=40"',
    );
    expect(script).toContain('-F "data=@speech.wav" -F "project_id=$PROJECT_ID" -F "parent_folder_id=$FOLDER_ID"');
    expect(script).toContain('\\"original_id\\":\\"$ORIGINAL_ID\\"');
    expect(script).toContain('ORIGINAL_ID=$(echo "$ANSWER" | jq -r \'.items[0].id\')');
    expect(script).toContain('-o converted.wav "https://timbre.example$RESULT_URL&download=1"');
    expect(EXAMPLE_STEPS.map((s) => s.method)).toEqual(['GET', 'POST', 'POST', 'POST', 'GET', 'POST', 'GET', 'GET']);
  });
});
