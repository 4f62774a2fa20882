import { assembleModelName, NAME_MESSAGES, nameKey, nameProblems } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import type { NameCheckResult } from '@shared/schemas/model-api';
import { getModelNameOwner } from '../../data/model-names';

/**
 * The generated name of some metadata and whether it is free.
 * 1. Assemble the name with the shared rule; collect length problems.
 * 2. GetItem MODELNAME#<nameKey>: taken by another entry than `uuid` → not unique.
 */
export async function checkModelName(metadata: ModelMetadata, uuid?: string): Promise<NameCheckResult> {
  const name = assembleModelName(metadata);
  const problems = nameProblems(metadata);
  const owner = name ? await getModelNameOwner(nameKey(name)) : undefined;
  const unique = owner === undefined || owner === uuid;
  if (!unique) problems.push(NAME_MESSAGES.notUnique);
  return { name, unique, problems };
}
