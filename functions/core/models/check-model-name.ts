import { assembleModelName, NAME_MESSAGES, nameKey, nameProblems } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import type { NameCheckResult } from '@shared/schemas/model-api';
import { getModelNameOwner } from '../../data/model-names';
import { getModel } from '../../data/models';
import { activeOptionLists } from '../options/list-metadata-options';
import { withStudyMetadata } from './entry-rules';

/**
 * The metadata as create (no `uuid`) or an update of entry `uuid` would store it: a newly chosen known
 * study fills its assigned fields (entry-rules.ts withStudyMetadata), so checks see the same values.
 */
export async function withKnownStudy(metadata: ModelMetadata, uuid?: string): Promise<ModelMetadata> {
  if (!metadata.study_number) return metadata;
  const [{ studies }, previous] = await Promise.all([
    activeOptionLists(),
    uuid ? getModel(uuid) : Promise.resolve(undefined),
  ]);
  return withStudyMetadata(metadata, studies, previous?.metadata);
}

/**
 * The generated name of some metadata and whether it is free.
 * 1. Apply a known study's metadata as create/update will (withKnownStudy), then assemble the name
 *    with the shared rule; collect length problems.
 * 2. GetItem MODELNAME#<nameKey>: taken by another entry than `uuid` → not unique.
 */
export async function checkModelName(input: ModelMetadata, uuid?: string): Promise<NameCheckResult> {
  const metadata = await withKnownStudy(input, uuid);
  const name = assembleModelName(metadata);
  const problems = nameProblems(metadata);
  const owner = name ? await getModelNameOwner(nameKey(name)) : undefined;
  const unique = owner === undefined || owner === uuid;
  if (!unique) problems.push(NAME_MESSAGES.notUnique);
  return { name, unique, problems };
}
