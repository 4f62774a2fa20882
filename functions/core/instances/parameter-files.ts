import {
  INSTANCE_API_MESSAGES as MSG,
  type ParameterFileBody,
  type ParameterFileTicket,
} from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { parameterFileProblem } from '@shared/sub-models/parameter-file';
import { ulid } from 'ulid';
import { getInstanceInput } from '../../data/instances';
import { presignParameterFile } from '../../data/parameter-files';
import { getInput } from '../../data/sub-models';
import { PayloadTooLargeError, UnprocessableError, ValidationError } from '../../lib/errors';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { loadInstance, requireInstanceAction } from './instance-access';

/** Presigned PUT URLs of parameter files are valid for 15 minutes, as the entry's uploads. */
export const PARAMETER_FILE_URL_SECONDS = 15 * 60;

/**
 * The size (MB) a FILE parameter of the instance's template allows, or undefined for a raw JSON input
 * (no definitions: the 1 MB limit alone). 422 when the template names no FILE parameter `name`.
 */
function fileParameterSize(
  definition: { type: string; value: string } | undefined,
  name: string,
): number | undefined {
  if (definition?.type !== 'JSONTEMPLATE') return undefined;
  const template = validateTemplateText(definition.value);
  const parameter = template.valid ? template.definitions.find((d) => d.name === name) : undefined;
  if (parameter?.type !== 'FILE') {
    const message = MSG.parameterNotFile(name);
    throw new UnprocessableError(message, [{ path: 'body.parameterName', message }]);
  }
  return parameter.size;
}

/**
 * POST /v2/models/{uuid}/instances/{instanceId}/parameter-files: a ticket to upload the file of a FILE
 * parameter (§5 "Parameter file upload").
 * 1. The caller must see the instance (404) and may edit it in its state (403 / 409).
 * 2. The parameter must be a FILE parameter of the template (422).
 * 3. The file: a name ('File is required', 400), one of the extensions in either case (422 'File
 *    extension is unsupported, examples of supported extensions are: ...'), at most 1,048,576 bytes
 *    and the parameter's own size (413 'File exceeds 1 MB limit. Reduce the file size and try again.').
 * 4. A new file id and a presigned PUT of exactly `size` bytes to parameter-files/<uuid>/<id>; the
 *    browser then stores `{ id, name }` as the parameter's value with the instance's inputs.
 */
export async function createParameterFile(
  user: User,
  uuid: string,
  instanceId: string,
  body: ParameterFileBody,
): Promise<ParameterFileTicket> {
  const model = await loadSubModelEntry(uuid, user);
  const record = await loadInstance(user, model, instanceId);
  requireInstanceAction('edit', user, model, record);
  const input = await getInstanceInput(record.id);
  const definition = await getInput(
    uuid,
    record.executionSetupId,
    input?.modelInputId ?? record.modelInputId,
  );
  const sizeMb = fileParameterSize(definition, body.parameterName);

  const name = body.fileName.trim();
  const problem = parameterFileProblem(name ? { name, size: body.size } : undefined, sizeMb);
  if (problem === SUB_MODEL_MESSAGES.fileRequired)
    throw new ValidationError(problem, [{ path: 'body.fileName', message: problem }]);
  if (problem === SUB_MODEL_MESSAGES.fileTooLarge) throw new PayloadTooLargeError(problem);
  if (problem) throw new UnprocessableError(problem, [{ path: 'body.fileName', message: problem }]);

  const id = ulid();
  const upload = await presignParameterFile(uuid, id, body.size, PARAMETER_FILE_URL_SECONDS);
  return { file: { id, name }, upload };
}
