/**
 * A tag for the names of the entries a spec creates. Specs run fully parallel, so Playwright schedules
 * single tests, and a file's `beforeAll` runs before each group of its tests a worker takes: in several
 * workers, and again in one worker that took other files' tests in between, with the module (and any
 * module-level constant) loaded once. Call this inside `beforeAll`, so that every run creates its own
 * entry; a repeated name is a 409 on create. The random part keeps two workers apart in the same
 * millisecond.
 */
export function uniqueTag(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
