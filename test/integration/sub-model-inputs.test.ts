import { beforeAll, describe, expect, it } from 'vitest';
import { addSubModel, call, createWebEntry, type Json, type WebEntry } from './sub-models-helpers';

/**
 * Input definitions, their import from .json and .xml and the help files (issue 10; spec 001 §3-§5,
 * §7), against the local cloud.
 */

let entry: WebEntry;
const inputsOf = (subModelId: string) => `/v2/models/${entry.uuid}/sub-models/${subModelId}/inputs`;

beforeAll(async () => {
  entry = await createWebEntry();
});

const integer = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: `var${id}`,
  title: `Title ${id}`,
  question: `Question ${id}?`,
  type: 'INTEGER',
  min: 0,
  max: 10,
  defaultValue: 5,
  ...overrides,
});

describe('input definitions', () => {
  it("gives a new sub-model one input 'default' of its definition type with the empty value (§3)", async () => {
    const template = await addSubModel(entry, { definitionType: 'JSONTEMPLATE' });
    const list = await call('viewer', 'GET', inputsOf(template.id));
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        name: 'default',
        type: 'JSONTEMPLATE',
        value: '{"definitions":[]}',
        subModelId: template.id,
        valid: true,
        issues: [],
      }),
    ]);
    const json = await addSubModel(entry, { definitionType: 'JSON' });
    expect((await call('owner', 'GET', inputsOf(json.id))).body.items[0]).toMatchObject({
      type: 'JSON',
      value: '{}',
    });
  });

  it("saves an invalid template anyway ('Do you want to save it anyway?') and answers its issues", async () => {
    const sub = await addSubModel(entry);
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    const bad = JSON.stringify({ definitions: [integer('p1', { name: '1st', min: 9, max: 1 })] });
    const saved = await call('owner', 'PUT', `${inputsOf(sub.id)}/${first.id}`, { value: bad });
    expect(saved.status).toBe(200);
    expect(saved.body.valid).toBe(false);
    expect(saved.body.issues.map((i: Json) => i.message)).toContain(
      'Please enter a value that begins with a letter without any special characters.',
    );
    const read = await call('viewer', 'GET', `${inputsOf(sub.id)}/${first.id}`);
    expect(read.body).toMatchObject({ value: bad, valid: false });

    const good = JSON.stringify({ definitions: [integer('p1')] });
    const fixed = await call('owner', 'PUT', `${inputsOf(sub.id)}/${first.id}`, {
      value: good,
      name: 'Main',
    });
    expect(fixed.body).toMatchObject({ valid: true, issues: [], name: 'Main' });
  });

  it('refuses text that is not JSON (422) and leaves the definition as it was', async () => {
    const sub = await addSubModel(entry);
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    const res = await call('owner', 'PUT', `${inputsOf(sub.id)}/${first.id}`, { value: '{"definitions": [' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid data structure');
    expect((await call('owner', 'GET', `${inputsOf(sub.id)}/${first.id}`)).body.value).toBe(
      '{"definitions":[]}',
    );
  });

  it('lets viewers read but not change definitions (403)', async () => {
    const sub = await addSubModel(entry);
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    expect((await call('viewer', 'PUT', `${inputsOf(sub.id)}/${first.id}`, { value: '{}' })).status).toBe(
      403,
    );
    expect((await call('viewer', 'POST', inputsOf(sub.id), { type: 'JSON' })).status).toBe(403);
    expect(
      (await call('employee', 'GET', inputsOf((await addSubModel(entry, { type: 'calibration' })).id)))
        .status,
    ).toBe(403);
  });

  it('keeps at most two inputs, the newest, and never none (the input setup of §4)', async () => {
    const sub = await addSubModel(entry, { definitionType: 'JSON' });
    const [original] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    const second = await call('owner', 'POST', inputsOf(sub.id), {
      type: 'JSON',
      name: 'second',
      value: '{"a":1}',
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: 'second', value: '{"a":1}', valid: true });
    const third = await call('owner', 'POST', inputsOf(sub.id), { type: 'JSONTEMPLATE', name: 'third' });
    expect(third.status).toBe(201);
    const ids = (await call('owner', 'GET', inputsOf(sub.id))).body.items.map((i: Json) => i.id);
    expect(ids).toEqual([third.body.id, second.body.id]);
    expect((await call('owner', 'GET', `${inputsOf(sub.id)}/${original.id}`)).status).toBe(404);

    expect((await call('owner', 'DELETE', `${inputsOf(sub.id)}/${third.body.id}`)).status).toBe(204);
    expect((await call('owner', 'DELETE', `${inputsOf(sub.id)}/${second.body.id}`)).status).toBe(204);
    const left = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    expect(left).toEqual([expect.objectContaining({ type: 'JSON', value: '{}', name: 'default' })]);
  });

  it('refuses a value above 350 KB (413)', async () => {
    const sub = await addSubModel(entry, { definitionType: 'JSON' });
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    // The body limit (256 KB) answers first for a PUT; an import whose formatted value grows past
    // 350 KB is the way in (each empty XML parameter becomes a JSON object with its fields).
    const res = await call('owner', 'PUT', `${inputsOf(sub.id)}/${first.id}`, {
      value: `"${'x'.repeat(300_000)}"`,
    });
    expect(res.status).toBe(413);
  });
});

describe('definition import (§5)', () => {
  const importInto = (subModelId: string, body: Record<string, unknown>, persona = 'owner') =>
    call(persona, 'POST', `${inputsOf(subModelId)}/import`, body);

  it('imports a JSON list of parameters into the definition input, formatting values for their types', async () => {
    const sub = await addSubModel(entry);
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    const content = JSON.stringify([
      integer('p1', { min: '1', max: '9', defaultValue: '4' }),
      {
        id: 'p2',
        name: 'arm',
        title: 'Arm',
        question: 'Which arm?',
        type: 'SINGLE_SELECT',
        options: [
          { key: 'a', text: 'A', selected: false },
          { key: 'b', text: 'B', selected: true },
        ],
      },
      { ...integer('p3'), controlledBy: { id: 'p2', value: 1 }, controlType: 'HIDE_SHOW' },
    ]);
    const res = await importInto(sub.id, { fileName: 'definition.json', content });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, valid: true });
    const definitions = JSON.parse(res.body.value).definitions;
    expect(definitions[0]).toMatchObject({ min: 1, max: 9, defaultValue: 4 });
    // A controlled-by value on a select is the option's index.
    expect(definitions[2].controlledBy).toEqual({ id: 'p2', value: 'b' });
    expect((await call('owner', 'GET', `${inputsOf(sub.id)}/${first.id}`)).body.value).toBe(res.body.value);
  });

  it('imports an XML definition: expertise attribute, selected flags, unquoting, numeric types', async () => {
    const sub = await addSubModel(entry);
    const xml = `<?xml version="1.0"?>
<definitions>
  <parameter id="p1" name="age" type="INTEGER" expertise="Advanced" required="true">
    <title>"Age"</title><question>Age at entry</question>
    <min>0</min><max>100</max><defaultValue>40</defaultValue>
  </parameter>
  <parameter id="p2" name="arm" type="SINGLE_SELECT">
    <title>Arm</title><question>Which arm?</question>
    <option key="a">Arm A</option><option key="b" selected="true">Arm B</option>
  </parameter>
</definitions>`;
    const res = await importInto(sub.id, { fileName: 'definition.xml', content: xml });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    const [age, arm] = JSON.parse(res.body.value).definitions;
    expect(age).toMatchObject({
      title: 'Age',
      expertiseLevel: 750,
      required: true,
      min: 0,
      max: 100,
      defaultValue: 40,
    });
    expect(arm.options).toEqual([
      { key: 'a', text: 'Arm A', selected: false },
      { key: 'b', text: 'Arm B', selected: true },
    ]);
  });

  it("refuses another extension: 400 'Unsupported File Extension', nothing written", async () => {
    const sub = await addSubModel(entry);
    const [first] = (await call('owner', 'GET', inputsOf(sub.id))).body.items;
    const res = await importInto(sub.id, { fileName: 'definition.csv', content: 'a,b' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unsupported File Extension');
    expect((await call('owner', 'GET', `${inputsOf(sub.id)}/${first.id}`)).body.modifiedOn).toBe(
      first.modifiedOn,
    );
  });

  it("refuses XML for a JSON definition: 400 'Unsupported Input Definition Type'", async () => {
    const sub = await addSubModel(entry, { definitionType: 'JSON' });
    const res = await importInto(sub.id, { fileName: 'definition.xml', content: '<definitions/>' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unsupported Input Definition Type');
  });

  it("refuses a template file that is not a list (422 'Invalid data structure') and an unknown type", async () => {
    const sub = await addSubModel(entry);
    const notList = await importInto(sub.id, { fileName: 'definition.json', content: '{"definitions": []}' });
    expect(notList.status).toBe(422);
    expect(notList.body.message).toBe('Invalid data structure');
    const unknownType = await importInto(sub.id, {
      fileName: 'definition.json',
      content: JSON.stringify([integer('p1', { type: 'COLOUR' })]),
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.message).toBe('Formatting failed. Unsupported type');
  });

  it('imports a JSON object into a JSON definition, and refuses viewers (403)', async () => {
    const sub = await addSubModel(entry, { definitionType: 'JSON' });
    const res = await importInto(sub.id, { fileName: 'input.JSON', content: '{"rate": 0.5}' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'JSON', value: '{"rate":0.5}', valid: true });
    expect((await importInto(sub.id, { fileName: 'input.json', content: '{}' }, 'viewer')).status).toBe(403);
  });

  it('answers 413 when the formatted definition is larger than 350 KB', async () => {
    const sub = await addSubModel(entry);
    // Each empty row (6 characters) becomes {"text":""} in the stored JSON: 240 kB of XML, 480 kB stored.
    const rows = '<row/>'.repeat(40_000);
    const content = `<definitions><parameter id="p1" name="pick" type="SELECTOR">${rows}</parameter></definitions>`;
    const res = await importInto(sub.id, { fileName: 'big.xml', content });
    expect(res.status).toBe(413);
  });
});

describe('help files', () => {
  it("lists the entry's HelpFile files for those who see a section", async () => {
    const res = await call('modeler', 'GET', `/v2/models/${entry.uuid}/help-files`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ uuid: entry.files['guide.pdf'], name: 'guide.pdf' }]);
    expect((await call('hta', 'GET', `/v2/models/${entry.uuid}/help-files`)).status).toBe(404);
  });
});
