import { describe, expect, it } from 'vitest';
import authYaml from '../../../openapi/auth.yaml?raw';
import commonYaml from '../../../openapi/common.yaml?raw';
import marketplaceYaml from '../../../openapi/marketplace.yaml?raw';
import modelsYaml from '../../../openapi/models.yaml?raw';
import { EXAMPLE_STEPS } from './api-example.ts';
import { referenceOf } from './openapi-reference.ts';

describe('referenceOf (the contracts as the API reference shows them)', () => {
  const marketplace = referenceOf('marketplace', marketplaceYaml, commonYaml);
  const operations = marketplace.flatMap((g) => g.operations);

  it('lists the operations that take the API key, with their parameters and body fields', () => {
    const order = operations.find((o) => o.method === 'POST' && o.path === '/api/v2/orders');
    expect(order?.summary).toBe('Order conversions of an original');
    expect(order?.bodyType).toBe('application/json');
    expect(order?.bodyFields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['original_id', 'conversions', 'calibration_id', 'use_calibration']),
    );
    expect(order?.bodyFields.find((f) => f.name === 'original_id')?.required).toBe(true);
    const list = operations.find((o) => o.method === 'GET' && o.path === '/api/projects');
    expect(list?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['offset', 'limit']));
  });

  it('leaves out the calls the key cannot make', () => {
    const auth = referenceOf('auth', authYaml, commonYaml).flatMap((g) => g.operations);
    expect(auth.find((o) => o.path === '/api/v3/login')).toBeUndefined();
    expect(auth.find((o) => o.path === '/api/v3/credits/ledger')).toBeDefined();
  });

  it('documents every call of the worked example', () => {
    const all = [...operations, ...referenceOf('models', modelsYaml, commonYaml).flatMap((g) => g.operations)];
    for (const step of EXAMPLE_STEPS.filter((s) => !s.path.startsWith('{'))) {
      const path = step.path.split('?')[0]!.replace(/\{[A-Z_]+\}/g, '{id}');
      expect(
        all.some((o) => o.method === step.method && o.path === path),
        `${step.method} ${path}`,
      ).toBe(true);
    }
  });
});
