/** Throws when a call that succeeded has no body: the contract promises one. */
export function body<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}
