import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { DESIGNED_MESSAGES } from '@shared/sub-models/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addInstance,
  addTemplateSubModel,
  call,
  createWebEntry,
  instancePath,
  type Json,
  type SubModelWithInput,
  storedValues,
  type WebEntry,
} from './instances-helpers';
import { addSubModel, subModelBody } from './sub-models-helpers';

/**
 * Inputs that name storage (issue 16 §2), against the local cloud: a FILE parameter's value, a
 * parameter file's name, a sub-model's output directory and an XML definition. Each refusal is a 4xx
 * with a message that says what is allowed, and changes nothing.
 */

let entry: WebEntry;
let scenario: SubModelWithInput;
let instance: Json;

beforeAll(async () => {
  entry = await createWebEntry();
  scenario = await addTemplateSubModel(entry, 'scenario');
  instance = await addInstance('owner', entry.uuid, scenario.id);
});

const ticket = (e: WebEntry, instanceId: string, fileName: string, size = 12) =>
  call('owner', 'POST', `${instancePath(e.uuid, instanceId)}/parameter-files`, {
    parameterName: 'population',
    fileName,
    size,
  });

/** A parameter file uploaded for `instanceId` of `e`: the `{ id, name }` to store. */
async function uploadedFile(e: WebEntry, instanceId: string, name = 'cohort.csv'): Promise<Json> {
  const body = 'age,count\n1,2\n';
  const res = await ticket(e, instanceId, name, Buffer.byteLength(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const put = await fetch(res.body.upload.url, { method: 'PUT', body, headers: res.body.upload.headers });
  expect(put.status).toBe(200);
  return res.body.file;
}

const saveValues = (values: Record<string, unknown>) =>
  call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/inputs`, {
    modelInputId: scenario.inputId,
    value: JSON.stringify({ cohort: 40, ...values }),
  });

describe("a FILE parameter's value", () => {
  it.each([
    ["another run's job", '../../runs/01JCZ8S6Q3W4Y5Z6A7B8C9D0EF/job.json'],
    ["a model's source", '../../models/2f1c7c9e-6a0b-4d55-9d1e-0a4c1f1b2c3d/files/2f1c7c9e-6a0b'],
    ['an encoded traversal', '%2e%2e%2f%2e%2e%2fruns'],
    ['a made-up id', 'file-1'],
  ])('refuses an id that names %s (422) and keeps the stored values', async (_what, id) => {
    const before = await storedValues(instance.id);
    const res = await saveValues({ population: { id, name: 'x.txt' } });
    expect([res.status, res.body.message]).toEqual([422, MSG.fileValueInvalid('Population file')]);
    expect(res.body.issues).toEqual([
      { path: 'body.value.population', message: MSG.fileValueInvalid('Population file') },
    ]);
    expect(await storedValues(instance.id)).toEqual(before);
  });

  it('refuses an id of the issued form whose file was never uploaded (422)', async () => {
    const res = await saveValues({ population: { id: '01JCZ8S6Q3W4Y5Z6A7B8C9D0EF', name: 'x.csv' } });
    expect([res.status, res.body.message]).toEqual([422, MSG.fileValueNotUploaded('Population file')]);
  });

  it("refuses another entry's uploaded file, and accepts this entry's", async () => {
    const other = await createWebEntry();
    const otherScenario = await addTemplateSubModel(other, 'scenario');
    const otherInstance = await addInstance('owner', other.uuid, otherScenario.id);
    const foreign = await uploadedFile(other, otherInstance.id);
    const refused = await saveValues({ population: foreign });
    expect([refused.status, refused.body.message]).toEqual([
      422,
      MSG.fileValueNotUploaded('Population file'),
    ]);

    const own = await uploadedFile(entry, instance.id);
    const saved = await saveValues({ population: own });
    expect([saved.status, saved.body.valid]).toEqual([200, true]);
    expect((await storedValues(instance.id))?.population).toEqual(own);
    // Saving again with the value unchanged passes too (an instance cloned from it holds the same).
    expect((await saveValues({ population: own, country: 'FR' })).status).toBe(200);
  });

  it("refuses an uploaded file's id under a name that is a path (422)", async () => {
    const own = await uploadedFile(entry, instance.id);
    const res = await saveValues({ population: { id: own.id, name: '../../x.csv' } });
    expect([res.status, res.body.message]).toEqual([
      422,
      `Population file: ${DESIGNED_MESSAGES.fileNameUnsafe}`,
    ]);
  });
});

describe("a parameter file's name", () => {
  it.each(['../../x.csv', '<img>.csv', 'a\\b.csv', 'what?.csv', 'tab\t.csv'])(
    'refuses %j (422, naming what a name may not hold) and issues no upload',
    async (fileName) => {
      const res = await ticket(entry, instance.id, fileName);
      expect([res.status, res.body.message]).toEqual([422, DESIGNED_MESSAGES.fileNameUnsafe]);
      expect(res.body.issues).toEqual([{ path: 'body.fileName', message: DESIGNED_MESSAGES.fileNameUnsafe }]);
      expect(res.body.upload).toBeUndefined();
    },
  );
});

describe("a sub-model's output directory", () => {
  const tooLong = DESIGNED_MESSAGES.outputPathTooLong(255);

  it('refuses 5,000 characters on create and on update (400) and stores nothing', async () => {
    const path = 'out/'.repeat(1250);
    const created = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models`, {
      ...subModelBody(entry, { outputPathDir: path }),
      name: 'Too deep',
    });
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'body.outputPathDir', message: tooLong }]);
    const list = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models?type=scenario`);
    expect(list.body.items.map((s: Json) => s.name)).not.toContain('Too deep');

    const sub = await addSubModel(entry);
    const updated = await call('owner', 'PUT', `/v2/models/${entry.uuid}/sub-models/${sub.id}`, {
      ...subModelBody(entry, { outputPathDir: 'a'.repeat(256) }),
      name: sub.name,
    });
    expect(updated.status).toBe(400);
    expect(updated.body.issues).toEqual([{ path: 'body.outputPathDir', message: tooLong }]);
    const read = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${sub.id}`);
    expect(read.body.outputPathDir).toBe(sub.outputPathDir);
  });

  it('accepts 255 characters', async () => {
    const sub = await addSubModel(entry, { outputPathDir: 'a'.repeat(255) });
    expect(sub.outputPathDir).toBe('a'.repeat(255));
  });
});

describe('an XML definition import', () => {
  it.each([
    [
      'elements nested 150 deep',
      `<definitions>${'<a>'.repeat(150)}x${'</a>'.repeat(150)}</definitions>`,
      DESIGNED_MESSAGES.xmlTooDeep(100),
    ],
    [
      'entities that expand past the parser’s limit',
      `<!DOCTYPE d [<!ENTITY a "${'x'.repeat(20_000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><definitions><parameter id="p" type="STRING"><title>&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;</title></parameter></definitions>`,
      DESIGNED_MESSAGES.xmlEntities,
    ],
    [
      'an external SYSTEM entity',
      '<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><definitions><parameter id="p" type="STRING"><title>&xxe;</title></parameter></definitions>',
      DESIGNED_MESSAGES.xmlExternal,
    ],
  ])('refuses %s (422) and keeps the definition', async (_what, content, message) => {
    const sub = await addSubModel(entry);
    const inputs = `/v2/models/${entry.uuid}/sub-models/${sub.id}/inputs`;
    const [before] = (await call('owner', 'GET', inputs)).body.items;
    const res = await call('owner', 'POST', `${inputs}/import`, { fileName: 'definition.xml', content });
    expect([res.status, res.body.message]).toEqual([422, message]);
    const [after] = (await call('owner', 'GET', inputs)).body.items;
    expect(after).toEqual(before);
  });
});
