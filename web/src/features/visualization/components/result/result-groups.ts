import type { ResultElement, RunResult } from '@shared/schemas/run-result';

/** A section of a result with the elements under it (up to the next section element). */
export interface ResultGroup {
  /** Stable within one result: the index of the section element, or 'top' for elements before any section. */
  id: string;
  title: string;
  level: number;
  text: string | null;
  elements: { element: Exclude<ResultElement, { kind: 'section' }>; index: number }[];
}

/** The title of the elements a result lists before its first section. */
export const UNTITLED_GROUP_TITLE = 'Results';

export function groupResult(result: RunResult): ResultGroup[] {
  const groups: ResultGroup[] = [];
  let current: ResultGroup | null = null;
  result.elements.forEach((element, index) => {
    if (element.kind === 'section') {
      current = {
        id: String(index),
        title: element.title,
        level: element.level ?? 1,
        text: element.text ?? null,
        elements: [],
      };
      groups.push(current);
      return;
    }
    if (!current) {
      current = { id: 'top', title: UNTITLED_GROUP_TITLE, level: 1, text: null, elements: [] };
      groups.push(current);
    }
    current.elements.push({ element, index });
  });
  return groups;
}
