import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import type { InstanceValues } from '@shared/sub-models/instance-values';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import type { InputDefinitionType } from '@shared/sub-models/model-input';
import {
  hasParameterFileExtension,
  isParameterFileId,
  PARAMETER_FILE_EXTENSIONS,
  parameterFileNameProblem,
} from '@shared/sub-models/parameter-file';
import { objectExists } from '../../data/file-objects';
import { parameterFileKey } from '../../data/storage-keys';
import { UnprocessableError } from '../../lib/errors';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The FILE parameters of a template, read leniently from its text: a template made invalid keeps its
 * FILE parameters, and Prepare still copies their files once it is fixed.
 */
export function fileParameters(templateText: string): { name: string; title: string }[] {
  let template: unknown;
  try {
    template = JSON.parse(templateText);
  } catch {
    return [];
  }
  const definitions = isObject(template) && Array.isArray(template.definitions) ? template.definitions : [];
  return definitions.flatMap((d: unknown) =>
    isObject(d) && typeof d.name === 'string' && String(d.type).toUpperCase() === 'FILE'
      ? [{ name: d.name, title: typeof d.title === 'string' && d.title !== '' ? d.title : d.name }]
      : [],
  );
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Refuses (422, nothing written) a save whose FILE parameter values are not files uploaded for this
 * entry (issue 16 §2). Prepare turns a value `{ id, name }` into the key parameter-files/<uuid>/<id>
 * and the file `<parameter>/<name>` of the run, so:
 * 1. the value is an object of a string id and a string name;
 * 2. the id is one the app issues (a ULID), and the name a plain file name with a listed extension;
 * 3. the object parameter-files/<uuid>/<id> exists: the file was uploaded for this entry (any of its
 *    instances: a cloned instance's value names its original's file).
 * Unlike the other value checks this holds for every FILE parameter, hidden or disabled too, since
 * Prepare copies them all. A value equal to the stored one is not checked again.
 */
export async function requireUploadedFileValues(input: {
  uuid: string;
  definition: { type: InputDefinitionType; value: string };
  stored: InstanceValues | undefined;
  values: InstanceValues;
}): Promise<void> {
  const { uuid, definition, stored, values } = input;
  if (definition.type !== 'JSONTEMPLATE') return;
  const refuse = (name: string, message: string): never => {
    throw new UnprocessableError(message, [{ path: `body.value.${name}`, message }]);
  };
  const changed = fileParameters(definition.value).filter(
    ({ name }) =>
      !isEmpty(values[name]) && JSON.stringify(values[name]) !== JSON.stringify(stored?.[name] ?? null),
  );
  for (const { name, title } of changed) {
    const value = values[name];
    if (!isObject(value) || typeof value.name !== 'string' || !isParameterFileId(value.id))
      refuse(name, MSG.fileValueInvalid(title));
    const fileName = String((value as { name: string }).name);
    const nameProblem = parameterFileNameProblem(fileName);
    if (nameProblem) refuse(name, `${title}: ${nameProblem}`);
    if (!hasParameterFileExtension(fileName))
      refuse(name, `${title}: ${SUB_MODEL_MESSAGES.fileExtensionUnsupported(PARAMETER_FILE_EXTENSIONS)}`);
  }
  const missing = await Promise.all(
    changed.map(async ({ name }) => {
      const id = (values[name] as { id: string }).id;
      return (await objectExists(parameterFileKey(uuid, id))) ? undefined : name;
    }),
  );
  const first = changed.find(({ name }) => missing.includes(name));
  if (first) refuse(first.name, MSG.fileValueNotUploaded(first.title));
}
