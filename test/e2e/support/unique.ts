/**
 * A tag for the names of the entries a spec creates. Specs run fully parallel, so a `beforeAll` runs
 * once in every worker that runs one of the file's tests, and two workers can load the file in the
 * same millisecond: the time alone is not unique (a name clash is a 409 on create).
 */
export function uniqueTag(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
