import { type RunResult, RunResultSchema } from '@shared/schemas/run-result';

/**
 * Test Visualization (001 §2 sidebar, §5): a .json result rendered without a run, at the render route
 * with scenario id 0. The file's result is kept in the tab's session storage per entry, so a reload
 * of that route shows it again.
 */
export const TEST_SCENARIO_ID = '0';
const key = (uuid: string) => `mr.visualization.testData.${uuid}`;

/** The result of a test file, or undefined when it is not a result ('Invalid data structure. '). */
export function parseTestResult(text: string): RunResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RunResultSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function storeTestResult(uuid: string, text: string): void {
  window.sessionStorage.setItem(key(uuid), text);
}

export function readTestResult(uuid: string): RunResult | undefined {
  const text = window.sessionStorage.getItem(key(uuid));
  return text ? parseTestResult(text) : undefined;
}
