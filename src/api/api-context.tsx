import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClients } from './clients.ts';

const ApiContext = createContext<ApiClients | null>(null);

/** Gives screens the app's API clients (stories give clients over a fake network). */
export function ApiProvider({ api, children }: { api: ApiClients; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API clients of the nearest ApiProvider. */
export function useApi(): ApiClients {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider> above it');
  return api;
}
