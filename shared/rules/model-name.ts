import { describeTextProblem, textProblem } from '../schemas/input';
import type { ModelMetadata } from '../schemas/model';

/** Name limits and texts (000 §5, §9). */
export const NAME_LIMITS = { suffixMax: 200, nameMax: 255, diseaseMax: 50, diseaseKeep: 44 } as const;

export const NAME_MESSAGES = {
  tooLong: 'The Mode Entry name is too long, maximum length is 255 characters.',
  notUnique: 'Change Suffix in order to make your Model Entry Name unique.',
  suffixTooLong: 'The suffix is too long, maximum length is 200 characters.',
} as const;

/**
 * What is wrong with a suffix on its own: its length (000 §5) and the characters free text may not
 * hold (the server's schema refuses the same, shared/schemas/input.ts).
 */
export function suffixProblems(suffix: string): string[] {
  const problems: string[] = [];
  if (suffix.length > NAME_LIMITS.suffixMax) problems.push(NAME_MESSAGES.suffixTooLong);
  const text = textProblem(suffix);
  if (text) problems.push(`Suffix ${describeTextProblem(text)}`);
  return problems;
}

/** 'Version: x.y'; a version without a dot gets '.0'. */
export function versionLabel(version: string): string {
  const v = version.trim();
  return `Version: ${v.includes('.') ? v : `${v}.0`}`;
}

/** A disease name longer than 50 characters is cut to its first 44 characters plus '...'. */
export function shortDisease(disease: string): string {
  return disease.length > NAME_LIMITS.diseaseMax
    ? `${disease.slice(0, NAME_LIMITS.diseaseKeep)}...`
    : disease;
}

/**
 * The generated model entry name (000 §5): therapeutic area, disease, sorted products, model type, type
 * label, 'Version: x.y', study number and suffix, each present part joined with ' - '. Each product is
 * its own part, in alphabetical order.
 */
export function assembleModelName(metadata: ModelMetadata): string {
  const parts = [
    metadata.therapeutic_area,
    metadata.disease ? shortDisease(metadata.disease) : undefined,
    ...[...(metadata.product ?? [])].sort((a, b) => a.localeCompare(b, 'en')),
    metadata.model_type,
    metadata.type,
    metadata.version_release_of_model ? versionLabel(metadata.version_release_of_model) : undefined,
    metadata.study_number,
    metadata.suffix,
  ];
  return parts
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .join(' - ');
}

/** Problems with a generated name that can be told without the database (uniqueness needs it). */
export function nameProblems(metadata: ModelMetadata): string[] {
  const problems = suffixProblems(metadata.suffix ?? '');
  if (assembleModelName(metadata).length > NAME_LIMITS.nameMax) problems.push(NAME_MESSAGES.tooLong);
  return problems;
}

/** The key under which a name is unique: case and surrounding blanks do not make a name different. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
