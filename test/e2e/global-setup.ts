import { readEndpoints } from './support/endpoints';

/** Fails fast, naming the fix, when the local cloud is not up instead of timing out in every test. */
export default async function globalSetup(): Promise<void> {
  const endpoints = readEndpoints();
  const response = await fetch(endpoints.web).catch((error: unknown) => {
    throw new Error(
      `The web app at ${endpoints.web} does not answer (${String(error)}). Is the local cloud running?`,
    );
  });
  if (!response.ok) throw new Error(`The web app at ${endpoints.web} answered ${response.status}`);
}
