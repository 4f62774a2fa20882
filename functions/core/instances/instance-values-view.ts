import {
  convertInstanceValues,
  defaultInstanceValues,
  type InstanceValues,
  mergeIncomingValues,
  type ValueIssue,
  validateInstanceValues,
} from '@shared/sub-models/instance-values';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { type InputDefinitionType, validateTemplateText } from '@shared/sub-models/model-input';
import { parseExpertiseLevel } from '@shared/sub-models/parameter-types';

/**
 * An instance's values against its input definition, on the server (spec 001 §5 "Run-time inputs",
 * §6 expertise): what a caller may read, and what is stored when a caller saves. Pure.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The variable names of the parameters above `level` (§6: hidden, and ignored if sent). Read leniently
 * from the template's text, so that a template made invalid after the values were saved still hides
 * what it should: every definition with a name and a level counts.
 */
export function namesAboveLevel(templateText: string, level: number): Set<string> {
  let template: unknown;
  try {
    template = JSON.parse(templateText);
  } catch {
    return new Set();
  }
  const definitions = isObject(template) && Array.isArray(template.definitions) ? template.definitions : [];
  const names = new Set<string>();
  for (const d of definitions) {
    if (isObject(d) && typeof d.name === 'string' && parseExpertiseLevel(d.expertiseLevel) > level)
      names.add(d.name);
  }
  return names;
}

/** The stored values without the hidden parameters (the text unchanged when nothing is hidden). */
export function valueForCaller(valueText: string, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return valueText;
  let values: unknown;
  try {
    values = JSON.parse(valueText);
  } catch {
    return valueText;
  }
  if (!isObject(values)) return valueText;
  const visible = Object.fromEntries(Object.entries(values).filter(([name]) => !hidden.has(name)));
  return JSON.stringify(visible);
}

/** A new instance's values: the template's defaults, or a raw JSON definition's own value (§3, §5). */
export function initialValues(input: { type: InputDefinitionType; value: string }): InstanceValues {
  if (input.type === 'JSONTEMPLATE') {
    const template = validateTemplateText(input.value);
    return template.valid ? defaultInstanceValues(template.definitions) : {};
  }
  try {
    const value: unknown = JSON.parse(input.value);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

export interface PreparedValues {
  values: InstanceValues;
  /** False when a value breaks the template (or the template itself is invalid): saved anyway (§2). */
  valid: boolean;
  issues: ValueIssue[];
}

/**
 * What to store when a caller saves `incoming` (an object: the array and JSON checks come first):
 * 1. parameters above the caller's level keep their stored value (or none), whatever was sent;
 * 2. for a valid template, values are converted to their parameter's type (§5 converters; a value
 *    that cannot be converted stays as sent and is reported) and checked against the definitions;
 * 3. the problems come back with the values: the editor asked 'Do you want to save it anyway?'.
 */
export function prepareIncomingValues(input: {
  definition: { type: InputDefinitionType; value: string };
  stored: InstanceValues | undefined;
  incoming: InstanceValues;
  level: number;
}): PreparedValues {
  const { definition, stored, incoming, level } = input;
  if (definition.type !== 'JSONTEMPLATE') return { values: incoming, valid: true, issues: [] };
  const template = validateTemplateText(definition.value);
  if (!template.valid) {
    const hidden = namesAboveLevel(definition.value, level);
    const values: InstanceValues = Object.fromEntries(
      Object.entries(incoming).filter(([n]) => !hidden.has(n)),
    );
    for (const name of hidden) if (stored && Object.hasOwn(stored, name)) values[name] = stored[name];
    return {
      values,
      valid: false,
      issues: [{ name: '', path: '', message: SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance }],
    };
  }
  const definitions = template.definitions;
  const merged = mergeIncomingValues({ definitions, stored, incoming, userLevel: level });
  const converted = convertInstanceValues(definitions, merged);
  const failed = new Set(converted.issues.map((i) => i.name));
  const checked = validateInstanceValues(definitions, converted.values, level).filter(
    (i) => !failed.has(i.name),
  );
  const issues = [...converted.issues, ...checked];
  return { values: converted.values, valid: issues.length === 0, issues };
}

/** Parses stored values (an object), or undefined when there are none or they are not an object. */
export function parseStoredValues(text: string | undefined): InstanceValues | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
