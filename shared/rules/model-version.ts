import type { ModelMetadata } from '../schemas/model';

/** Version rules for a model in a lineage (000 §5). */
export const VERSION_MAX_LENGTH = 7;
export const VERSION_PATTERN = /^\d+(\.\d+)?$/;

export const VERSION_MESSAGES = {
  required: 'This field is required.',
  format: 'Version must match number format like "1" or "1.1"',
  tooLong: `The version is too long, maximum length is ${VERSION_MAX_LENGTH} characters.`,
  minimum: (parent: string) => `Enter a version number greater than the parent version number ${parent}`,
  maximum: (child: string) => `Enter a version number lower than the smallest child version number ${child}`,
} as const;

/** Versions are decimal numbers: '1' < '1.1' < '1.15' < '2'. */
export function compareVersions(a: string, b: string): number {
  return Number.parseFloat(a) - Number.parseFloat(b);
}

export function versionFormatProblem(version: string | undefined): string | undefined {
  if (version === undefined || version.trim() === '') return VERSION_MESSAGES.required;
  if (version.length > VERSION_MAX_LENGTH) return VERSION_MESSAGES.tooLong;
  if (!VERSION_PATTERN.test(version)) return VERSION_MESSAGES.format;
  return undefined;
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/**
 * Two entries describe the same model scope when country, global, disease, product and therapeutic
 * area are equal (or both are global): then a child's version must be above its parent's.
 */
export function sameScope(a: ModelMetadata, b: ModelMetadata): boolean {
  const bothGlobal = a.global === 'true' && b.global === 'true';
  return (
    (bothGlobal || (sameList(a.country, b.country) && (a.global ?? 'false') === (b.global ?? 'false'))) &&
    (a.disease ?? '') === (b.disease ?? '') &&
    sameList(a.product, b.product) &&
    (a.therapeutic_area ?? '') === (b.therapeutic_area ?? '')
  );
}

/**
 * Checks a version against its place in the lineage: above the parent's (when in the same scope) and
 * below the smallest child's. Returns the first problem, or undefined.
 */
export function versionLineageProblem(input: {
  metadata: ModelMetadata;
  parent?: ModelMetadata;
  childVersions?: readonly string[];
}): string | undefined {
  const version = input.metadata.version_release_of_model;
  const format = versionFormatProblem(version);
  if (format || version === undefined) return format;
  const parentVersion = input.parent?.version_release_of_model;
  if (input.parent && parentVersion && sameScope(input.metadata, input.parent)) {
    if (compareVersions(version, parentVersion) <= 0) return VERSION_MESSAGES.minimum(parentVersion);
  }
  const smallestChild = [...(input.childVersions ?? [])].sort(compareVersions)[0];
  if (smallestChild !== undefined && compareVersions(version, smallestChild) >= 0) {
    return VERSION_MESSAGES.maximum(smallestChild);
  }
  return undefined;
}
