import type { components } from '../../../../openapi/generated/auth.js';
import type { ApiClients } from '../../../api/index.ts';

export type WizardStep = components['schemas']['WizardStep'];
export type DemoWizardUpdate = components['schemas']['DemoWizardUpdate'];
export type User = components['schemas']['User'];

function body<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}

/** PUT /api/v3/domain-info: the user's profession and industry (the profession step, the userProfession modal). */
export async function updateDomainInfo(api: ApiClients, profession: string, industry: string): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/domain-info', { body: { profession, industry } });
  return body(data);
}

/** PUT /api/v3/demo-wizard: merges the fields sent into the user's wizard state. */
export async function updateDemoWizard(api: ApiClients, update: DemoWizardUpdate): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/demo-wizard', { body: update });
  return body(data);
}
