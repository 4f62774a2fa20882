import * as z from 'zod/mini';
import type { RunJob } from '../schemas/run-job';

/**
 * The parts of an input definition (a JSONTEMPLATE's value: `{ definitions: [...] }`, spec 001 §3) the
 * runners use: each parameter's variable name and default, and for workbooks the named range a
 * parameter goes to (`namedRange`, our addition) and the outputs to read back (`outputs`).
 * Everything else in a definition is the editor's and passes through untouched. Here in shared/ because
 * both read it: Prepare (functions/core/runs) builds the run job's workbook mapping from it, and the
 * runners' tests take a demo model's defaults from it.
 */
const DefinitionSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  defaultValue: z.optional(z.unknown()),
  namedRange: z.optional(z.string().check(z.minLength(1))),
});

export const InputDefinitionValueSchema = z.looseObject({
  definitions: z.array(DefinitionSchema),
  outputs: z.optional(z.array(z.string().check(z.minLength(1)))),
});
export type InputDefinitionValue = z.infer<typeof InputDefinitionValueSchema>;

/** The values of an instance that changed nothing: every parameter at its default. */
export function defaultInputValues(value: InputDefinitionValue): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of value.definitions)
    if (definition.defaultValue !== undefined) values[definition.name] = definition.defaultValue;
  return values;
}

/** The ExcelNative runner's mapping: parameters with a `namedRange`, and the listed outputs. */
export function excelMappingFromDefinition(value: InputDefinitionValue): NonNullable<RunJob['excel']> {
  const inputs: Record<string, string> = {};
  for (const definition of value.definitions)
    if (definition.namedRange) inputs[definition.name] = definition.namedRange;
  return { inputs, ...(value.outputs ? { outputs: value.outputs } : {}) };
}
