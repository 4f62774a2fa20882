import { describe, expect, it } from 'vitest';
import {
  archiveObjectKey,
  keyIdProblem,
  keyPathProblem,
  modelFileObjectKey,
  modelObjectsPrefix,
  parameterFileKey,
  parameterFilesPrefix,
  runJobKey,
  runOutputKey,
  UnsafeKeyPartError,
  uploadObjectKey,
} from './storage-keys';

const UUID = '2f1c7c9e-6a0b-4d55-9d1e-0a4c1f1b2c3d';
const ULID = '01JCZ8S6Q3W4Y5Z6A7B8C9D0EF';

/** The traversal strings of issue 16 §2, each with the id part it tries to escape through. */
const TRAVERSALS = [
  '..',
  '.',
  '../x',
  'a/../b',
  '%2e%2e',
  '%2E%2e%2Fjob.json',
  'a//b',
  '/leading',
  'trailing/',
  'back\\slash',
  '..\\..\\runs',
  'nul\u0000',
  'line\nbreak',
  '',
  '../../runs/01JCZ8S6Q3W4Y5Z6A7B8C9D0EF/job.json',
  `../../models/${UUID}/files/${UUID}`,
];

describe('storage keys', () => {
  it('builds each key from its prefix and the validated parts', () => {
    expect(parameterFileKey(UUID, ULID)).toBe(`parameter-files/${UUID}/${ULID}`);
    expect(parameterFilesPrefix(UUID)).toBe(`parameter-files/${UUID}/`);
    expect(modelObjectsPrefix(UUID)).toBe(`models/${UUID}/`);
    expect(modelFileObjectKey(UUID, UUID)).toBe(`models/${UUID}/files/${UUID}`);
    expect(runJobKey(ULID)).toBe(`runs/${ULID}/job.json`);
    expect(uploadObjectKey(ULID, UUID)).toBe(`uploads/${ULID}/${UUID}`);
    expect(archiveObjectKey(UUID, ULID)).toBe(`downloads/${UUID}/${ULID}.zip`);
    expect(runOutputKey(ULID, 'tables/summary 2024.csv')).toBe(
      `runs/${ULID}/outputs/tables/summary 2024.csv`,
    );
  });

  it.each(TRAVERSALS)('refuses %j as an id part of every key', (part) => {
    expect(keyIdProblem(part)).toBeDefined();
    expect(() => parameterFileKey(UUID, part)).toThrow(UnsafeKeyPartError);
    expect(() => parameterFileKey(part, ULID)).toThrow(UnsafeKeyPartError);
    expect(() => parameterFilesPrefix(part)).toThrow(UnsafeKeyPartError);
    expect(() => modelObjectsPrefix(part)).toThrow(UnsafeKeyPartError);
    expect(() => modelFileObjectKey(UUID, part)).toThrow(UnsafeKeyPartError);
    expect(() => runJobKey(part)).toThrow(UnsafeKeyPartError);
    expect(() => uploadObjectKey(part, UUID)).toThrow(UnsafeKeyPartError);
    expect(() => archiveObjectKey(UUID, part)).toThrow(UnsafeKeyPartError);
  });

  it('refuses an over-long id and names the part in a 400', () => {
    const long = 'a'.repeat(129);
    expect(keyIdProblem('a'.repeat(128))).toBeUndefined();
    expect(keyIdProblem(long)).toBe('is longer than 128 characters');
    try {
      parameterFileKey(UUID, '../x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnsafeKeyPartError);
      expect((error as UnsafeKeyPartError).statusCode).toBe(400);
      expect((error as Error).message).toBe(
        'The parameter file id "../x" may hold only letters, digits, _ and -.',
      );
    }
  });

  it.each([
    ['..', 'has a . or .. segment'],
    ['../x', 'has a . or .. segment'],
    ['a/../b', 'has a . or .. segment'],
    ['a/./b', 'has a . or .. segment'],
    ['%2e%2e', 'has a . or .. segment'],
    ['a/%2E%2e/b', 'has a . or .. segment'],
    ['a%2fb', 'has an encoded / or \\'],
    ['a%5Cb', 'has an encoded / or \\'],
    ['a//b', 'has an empty segment'],
    ['a/', 'has an empty segment'],
    ['/etc/passwd', 'starts with /'],
    ['a\\b', 'holds a backslash'],
    ['a\u0000b', 'holds a control character'],
    ['a\u009bb', 'holds a control character'],
    ['', 'is empty'],
    [`${'x'.repeat(256)}.csv`, 'has a segment longer than 255 characters'],
    [`${'abcdefgh/'.repeat(114)}x`, 'is longer than 1024 characters'],
  ])('refuses the output path %j: %s', (path, problem) => {
    expect(keyPathProblem(path)).toBe(problem);
    expect(() => runOutputKey(ULID, path)).toThrow(UnsafeKeyPartError);
  });

  it('accepts output paths with dots, spaces, percent signs and non-ASCII letters inside segments', () => {
    for (const path of ['a.b/c..d.csv', '.hidden', 'Résumé 100%.txt', 'x/...', '%zz'])
      expect(keyPathProblem(path), path).toBeUndefined();
  });
});
