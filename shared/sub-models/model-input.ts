import * as z from 'zod/mini';
import { FORM_MESSAGES, SUB_MODEL_MESSAGES } from './messages';
import { FIELD_LABELS, type ParameterDefinition, ParameterDefinitionSchema } from './parameter-definition';
import { CONTROLLER_TYPES } from './parameter-types';

/**
 * The input definition of a sub-model ("model input", spec 001 §3): a raw JSON input, or a JSON
 * template whose value holds a list named `definitions` of parameter definitions. The value is stored
 * as JSON text, so an invalid template can be saved (the editor asks 'Do you want to save it
 * anyway?'); `validateTemplate` says whether it is valid, with every problem and its path.
 */

export const InputDefinitionTypeSchema = z.enum(['JSON', 'JSONTEMPLATE']);
export type InputDefinitionType = z.infer<typeof InputDefinitionTypeSchema>;
export const INPUT_DEFINITION_TYPE_LABELS: Record<InputDefinitionType, string> = {
  JSON: 'JSON',
  JSONTEMPLATE: 'JSON Template',
};

export const DEFAULT_INPUT_NAME = 'default';

export const ModelInputSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  type: InputDefinitionTypeSchema,
  name: z._default(z.string().check(z.maxLength(255)), DEFAULT_INPUT_NAME),
  /** JSON text: any JSON object for JSON, `{"definitions": [...]}` for JSONTEMPLATE. */
  value: z.string(),
  createdOn: z.optional(z.string()),
  modifiedOn: z.optional(z.string()),
});
export type ModelInput = z.infer<typeof ModelInputSchema>;

/** §3: a new input is empty JSON, or a template with an empty definitions list. */
export function newModelInputValue(type: InputDefinitionType): string {
  return type === 'JSONTEMPLATE' ? JSON.stringify({ definitions: [] }) : '{}';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export const TemplateSchema = z
  .object({
    definitions: z.array(ParameterDefinitionSchema, { error: SUB_MODEL_MESSAGES.invalidDataStructure }),
  })
  .check(
    z.superRefine(
      (template, ctx) => {
        if (!Array.isArray(template.definitions)) return;
        templateRule(template.definitions as unknown[], ctx);
      },
      { when: () => true },
    ),
  );
export type Template = z.output<typeof TemplateSchema>;

/**
 * Rules across the parameters of one template: ids and variable names are unique, and a controlled-by
 * names another parameter of a controller type (boolean, single or multi select) with a value that
 * parameter can take (true/false, or one of its option keys).
 */
function templateRule(definitions: unknown[], ctx: z.core.$RefinementCtx): void {
  const byId = new Map<string, Record<string, unknown>>();
  const names = new Set<string>();
  definitions.forEach((d, index) => {
    if (!isObject(d)) return;
    if (typeof d.id === 'string' && d.id !== '') {
      if (byId.has(d.id))
        ctx.addIssue({
          code: 'custom',
          path: ['definitions', index, 'id'],
          message: FORM_MESSAGES.notUnique(FIELD_LABELS.id),
        });
      else byId.set(d.id, d);
    }
    if (typeof d.name === 'string' && d.name !== '') {
      if (names.has(d.name))
        ctx.addIssue({
          code: 'custom',
          path: ['definitions', index, 'name'],
          message: FORM_MESSAGES.notUnique(FIELD_LABELS.name),
        });
      names.add(d.name);
    }
  });
  definitions.forEach((d, index) => {
    if (!isObject(d) || !isObject(d.controlledBy)) return;
    const { id, value } = d.controlledBy;
    const controller = typeof id === 'string' ? byId.get(id) : undefined;
    if (!controller || controller === d || !controlValueFits(controller, value))
      ctx.addIssue({
        code: 'custom',
        path: ['definitions', index, 'controlledBy'],
        message: FORM_MESSAGES.invalid(FIELD_LABELS.controlledBy),
      });
  });
}

function controlValueFits(controller: Record<string, unknown>, value: unknown): boolean {
  if (!(CONTROLLER_TYPES as readonly unknown[]).includes(controller.type)) return false;
  if (controller.type === 'BOOLEAN') return typeof value === 'boolean';
  const options = Array.isArray(controller.options) ? controller.options : [];
  return options.some((o) => isObject(o) && o.key === value);
}

export interface DefinitionIssue {
  /** Dotted path from the template root, e.g. 'definitions.3.min'. */
  path: string;
  message: string;
}

export type TemplateCheck =
  | { valid: true; definitions: ParameterDefinition[]; issues: [] }
  | { valid: false; issues: DefinitionIssue[] };

/** Validates a template value (parsed JSON). Definitions come back with the defaults of §3 applied. */
export function validateTemplate(value: unknown): TemplateCheck {
  if (!isObject(value) || Array.isArray(value))
    return { valid: false, issues: [{ path: '', message: SUB_MODEL_MESSAGES.invalidDataStructure }] };
  const result = TemplateSchema.safeParse(value);
  if (result.success) return { valid: true, definitions: result.data.definitions, issues: [] };
  return {
    valid: false,
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}

/** Validates a template stored as JSON text. */
export function validateTemplateText(text: string): TemplateCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { valid: false, issues: [{ path: '', message: SUB_MODEL_MESSAGES.invalidDataStructure }] };
  }
  return validateTemplate(value);
}

/** Whether an input definition is valid: a JSON input holds a JSON object; a template passes its rules. */
export function isInputDefinitionValid(input: Pick<ModelInput, 'type' | 'value'>): boolean {
  if (input.type === 'JSONTEMPLATE') return validateTemplateText(input.value).valid;
  try {
    const value: unknown = JSON.parse(input.value);
    return isObject(value) && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The input setup of an execution setup (§4): with no input, one empty JSON input is created; with
 * more than one, the extras beyond the first two are deleted. `inputs` in the order the list call
 * returns them (modified on, newest first), so the two kept are the most recently modified.
 */
export function inputSetupPlan(inputs: readonly { id: string }[]): {
  create: { type: 'JSON'; name: string; value: string } | undefined;
  deleteIds: string[];
} {
  if (inputs.length === 0)
    return {
      create: { type: 'JSON', name: DEFAULT_INPUT_NAME, value: newModelInputValue('JSON') },
      deleteIds: [],
    };
  return { create: undefined, deleteIds: inputs.slice(2).map((i) => i.id) };
}
