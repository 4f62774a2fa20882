import { describe, expect, it } from 'vitest';
import {
  type DefinitionImport,
  definitionFileProblem,
  importDefinitionFile,
  normalizeParameterType,
} from './definition-import';
import { validateTemplate } from './model-input';

const definitionsOf = (result: DefinitionImport) => {
  if (!result.ok || result.type !== 'JSONTEMPLATE') throw new Error(JSON.stringify(result));
  return result.definitions;
};
const json = (list: unknown) => importDefinitionFile('inputs.json', JSON.stringify(list), 'JSONTEMPLATE');
const xml = (body: string) =>
  importDefinitionFile(
    'inputs.xml',
    `<?xml version="1.0"?><definitions>${body}</definitions>`,
    'JSONTEMPLATE',
  );
const failure = (message: string) => ({ ok: false, message });

describe('definition files: extension and type (§5)', () => {
  it.each([
    ['inputs.json', 'JSONTEMPLATE', undefined],
    ['inputs.JSON', 'JSON', undefined],
    ['inputs.xml', 'JSONTEMPLATE', undefined],
    ['inputs.Xml', 'JSONTEMPLATE', undefined],
    ['inputs.xml', 'JSON', 'Unsupported Input Definition Type'],
    ['inputs.csv', 'JSONTEMPLATE', 'Unsupported File Extension'],
    ['inputs.txt', 'JSON', 'Unsupported File Extension'],
    ['json', 'JSON', 'Unsupported File Extension'],
  ] as const)('%s for a %s definition: %s', (name, type, expected) => {
    expect(definitionFileProblem(name, type)).toBe(expected);
    if (expected) expect(importDefinitionFile(name, '[]', type)).toEqual(failure(expected));
  });
});

describe('JSON definition files', () => {
  it.each([
    ['an object', '{"definitions":[]}'],
    ['a number', '42'],
    ['broken JSON', '[{"type":'],
    ['a list of non-objects', '[1, 2]'],
  ])('a template file holding %s gives Invalid data structure', (_, content) => {
    expect(importDefinitionFile('a.json', content, 'JSONTEMPLATE')).toEqual(
      failure('Invalid data structure'),
    );
  });

  it('a raw JSON definition file must hold an object', () => {
    expect(importDefinitionFile('a.json', '{"rate":0.5}', 'JSON')).toEqual({
      ok: true,
      type: 'JSON',
      value: { rate: 0.5 },
    });
    expect(importDefinitionFile('a.json', '[1]', 'JSON')).toEqual(failure('Invalid data structure'));
  });

  it('imports an empty list as no definitions', () => {
    expect(definitionsOf(json([]))).toEqual([]);
  });

  it.each(['', null, 'null', '  '])('drops min, max and default given as %j', (empty) => {
    const [d] = definitionsOf(
      json([{ id: 'a', type: 'INTEGER', min: empty, max: empty, defaultValue: empty }]),
    );
    expect(d).toEqual({ id: 'a', type: 'INTEGER' });
  });

  it('formats numbers and dates for their type', () => {
    const [int, date] = definitionsOf(
      json([
        { id: 'a', type: 'INTEGER', min: '0', max: 10, defaultValue: '5' },
        { id: 'b', type: 'DATE', min: '2020-1-1', max: '2020-12-31', defaultValue: '2020-06-01' },
      ]),
    );
    expect(int).toMatchObject({ min: 0, max: 10, defaultValue: 5 });
    expect(date).toMatchObject({ min: '2020-01-01', max: '2020-12-31', defaultValue: '2020-06-01' });
  });

  it('fails with the converter message on a value that cannot be read', () => {
    expect(json([{ id: 'a', type: 'INTEGER', min: 'ten' }])).toEqual(
      failure('Failed to parse integer from ten'),
    );
  });

  it.each([['COLOUR'], [undefined], [42]])('fails on the unsupported type %j', (type) => {
    expect(json([{ id: 'a', type }])).toEqual(failure('Formatting failed. Unsupported type'));
  });

  it('fails on a range or column data type that cannot hold numbers', () => {
    expect(json([{ id: 'a', type: 'RANGE', dataType: 'BOOLEAN' }])).toEqual(
      failure('Formatting failed. Unsupported type'),
    );
    expect(json([{ id: 'a', type: 'ARRAY', columns: [{ text: 'c', dataType: 'SELECTOR' }] }])).toEqual(
      failure('Formatting failed. Unsupported type'),
    );
  });

  it.each([
    ['real number', 'REAL_NUMBER'],
    ['Single-Select', 'SINGLE_SELECT'],
    ['multi select', 'MULTI_SELECT'],
    ['real', 'REAL_NUMBER'],
    ['date', 'DATE'],
  ])('reads the type %j as %s', (raw, type) => {
    expect(normalizeParameterType(raw)).toBe(type);
  });

  it('maps a select controlled-by value from the option index (0-based) to the key', () => {
    const defs = definitionsOf(
      json([
        {
          id: 's',
          name: 'arm',
          type: 'SINGLE_SELECT',
          options: [
            { key: 'a', text: 'A' },
            { key: 'b', text: 'B' },
          ],
        },
        { id: 't', type: 'STRING', controlType: 'Enable/Disable', controlledBy: { id: 's', value: 1 } },
      ]),
    );
    expect(defs[1]).toMatchObject({ controlType: 'ENABLE_DISABLE', controlledBy: { id: 's', value: 'b' } });
  });

  it('names the controller by variable name too', () => {
    const defs = definitionsOf(
      json([
        { id: 's', name: 'arm', type: 'MULTI_SELECT', options: [{ key: 'a', text: 'A' }] },
        { id: 't', type: 'STRING', controlledBy: { id: 'arm', value: '0' } },
      ]),
    );
    expect(defs[1]).toMatchObject({ controlType: 'HIDE_SHOW', controlledBy: { id: 's', value: 'a' } });
  });

  it('fails when the option index matches no option', () => {
    expect(
      json([
        { id: 's', type: 'SINGLE_SELECT', options: [{ key: 'a', text: 'A' }] },
        { id: 't', type: 'STRING', controlledBy: { id: 's', value: 3 } },
      ]),
    ).toEqual(failure('Controlled by value 3 does not match an option of s.'));
  });

  it.each([
    [1, true],
    ['1', true],
    [0, false],
    ['2', false],
  ])('a boolean controller value %j is %s (true when 1)', (value, expected) => {
    const defs = definitionsOf(
      json([
        { id: 'b', type: 'BOOLEAN' },
        { id: 't', type: 'STRING', controlledBy: { id: 'b', value } },
      ]),
    );
    expect(defs[1]?.controlledBy).toEqual({ id: 'b', value: expected });
  });

  it('fails when the controller is not in the file', () => {
    expect(json([{ id: 't', type: 'STRING', controlledBy: { id: 'x', value: 1 } }])).toEqual(
      failure('Controlled by parameter x was not found.'),
    );
  });

  it('selects the options named by a default', () => {
    const [d] = definitionsOf(
      json([
        {
          id: 's',
          type: 'MULTI_SELECT',
          defaultValue: ['b'],
          options: [
            { key: 'a', text: 'A' },
            { key: 'b', text: 'B' },
          ],
        },
      ]),
    );
    expect(d?.options).toEqual([
      { key: 'a', text: 'A', selected: false },
      { key: 'b', text: 'B', selected: true },
    ]);
  });

  it('gives missing ids p1, p2... without reusing one in the file', () => {
    const defs = definitionsOf(json([{ type: 'STRING' }, { id: 'p1', type: 'STRING' }, { type: 'BOOLEAN' }]));
    expect(defs.map((d) => d.id)).toEqual(['p2', 'p1', 'p3']);
  });

  it('maps the expertise to a level', () => {
    const defs = definitionsOf(
      json([
        { id: 'a', type: 'STRING', expertise: 'Expert' },
        { id: 'b', type: 'STRING', expertiseLevel: '250-Basic' },
      ]),
    );
    expect(defs.map((d) => d.expertiseLevel)).toEqual([1000, 250]);
  });

  it('produces definitions the template rules accept', () => {
    const defs = definitionsOf(
      json([
        {
          id: 'a',
          name: 'age',
          title: 'Age',
          question: 'Age?',
          type: 'INTEGER',
          min: '0',
          max: '99',
          defaultValue: '40',
          visible: 'true',
          required: 1,
        },
      ]),
    );
    expect(defs[0]).toMatchObject({ visible: true, required: true });
    expect(validateTemplate({ definitions: defs }).valid).toBe(true);
  });
});

describe('XML definition files (§5)', () => {
  it('reads the example of the module comment into a valid template', () => {
    const result = xml(`
      <parameter id="p1" name="age" type="INTEGER" expertise="Advanced" required="true">
        <title>"Age"</title><question>Age at entry</question>
        <min>0</min><max>100</max><defaultValue>40</defaultValue>
      </parameter>
      <parameter id="p3" name="on" type="BOOLEAN" defaultValue="true"><title>On</title><question>Use it?</question></parameter>
      <parameter id="p2" name="arm" type="SINGLE_SELECT" controlledBy="p3" controlledByValue="1">
        <title>Arm</title><question>Which arm?</question>
        <option key="a">Arm A</option><option key="b" selected="true">Arm B</option>
      </parameter>
      <parameter id="p4" name="years" type="RANGE" dataType="DATE"><title>Years</title><question>When?</question>
        <from min="2020-01-01" max="2030-12-31" defaultValue="2024-1-1"/>
        <to><min>2020-01-01</min><max>2040-12-31</max><defaultValue>2030-01-01</defaultValue></to>
      </parameter>
      <parameter id="p5" name="rates" type="ARRAY" rowDescription="Age group"><title>Rates</title><question>Rates?</question>
        <row>0-17</row><row>18+</row>
        <column text="Rate" dataType="DECIMAL" min="0" max="1"><defaultValue>0.1</defaultValue><defaultValue/></column>
      </parameter>
      <parameter id="p6" name="pick" type="SELECTOR"><title>Pick</title><question>Which?</question><row>Cost</row>
        <column key="a" text="A"><cell>10</cell></column></parameter>
      <parameter id="p7" name="data" type="FILE" size="1" files="help-file-id"><title>Data</title><question>File?</question></parameter>
    `);
    const defs = definitionsOf(result);
    expect(defs[0]).toMatchObject({
      title: 'Age',
      expertiseLevel: 750,
      required: true,
      min: 0,
      max: 100,
      defaultValue: 40,
    });
    expect(defs[1]).toMatchObject({ defaultValue: true });
    expect(defs[2]).toMatchObject({
      options: [
        { key: 'a', text: 'Arm A', selected: false },
        { key: 'b', text: 'Arm B', selected: true },
      ],
      controlledBy: { id: 'p3', value: true },
    });
    expect(defs[3]).toMatchObject({
      dataType: 'DATE',
      from: { min: '2020-01-01', max: '2030-12-31', defaultValue: '2024-01-01' },
      to: { defaultValue: '2030-01-01' },
    });
    expect(defs[4]).toMatchObject({
      rows: [{ text: '0-17' }, { text: '18+' }],
      columns: [{ defaultValue: [0.1, null] }],
    });
    expect(defs[5]).toMatchObject({ columns: [{ key: 'a', text: 'A', cellText: ['10'] }] });
    expect(defs[6]).toMatchObject({ size: 1, files: 'help-file-id' });
    expect(validateTemplate({ definitions: defs })).toMatchObject({ valid: true });
  });

  it.each([
    ['"Quoted"', 'Quoted'],
    ["'Single'", 'Single'],
    ['"half', '"half'],
    ['plain', 'plain'],
  ])('unquotes the string %s', (raw, expected) => {
    const [d] = definitionsOf(xml(`<parameter id="a" type="STRING"><title>${raw}</title></parameter>`));
    expect(d?.title).toBe(expected);
  });

  it.each([
    ['STRING', '<min>1</min>'],
    ['BOOLEAN', '<max>1</max>'],
    ['SINGLE_SELECT', '<min>1</min>'],
    ['FILE', '<defaultValue>1</defaultValue>'],
  ])('refuses numbers on a %s parameter (numbers need integer, real, decimal or date)', (type, body) => {
    expect(xml(`<parameter id="a" type="${type}">${body}</parameter>`)).toEqual(
      failure('Formatting failed. Unsupported type'),
    );
  });

  it.each([
    ['Basic', 250],
    ['expert', 1000],
    ['750', 750],
    ['500-Intermediate', 500],
    ['unknown', 500],
  ])('maps the expertise attribute %s to %i', (expertise, level) => {
    const [d] = definitionsOf(xml(`<parameter id="a" type="STRING" expertise="${expertise}"/>`));
    expect(d?.expertiseLevel).toBe(level);
  });

  it('takes multi-select defaults from the selected flags (true or 1)', () => {
    const [d] = definitionsOf(
      xml(
        `<parameter id="a" type="MULTI_SELECT"><option key="x" selected="1">X</option><option key="y" selected="false">Y</option><option key="z" selected="TRUE">Z</option></parameter>`,
      ),
    );
    expect(d?.options).toMatchObject([{ selected: true }, { selected: false }, { selected: true }]);
  });

  it('reads a controlled-by element and maps the option index', () => {
    const defs = definitionsOf(
      xml(`<parameter id="s" type="SINGLE_SELECT"><option key="a">A</option><option key="b">B</option></parameter>
           <parameter id="t" type="STRING" controlType="ENABLE_DISABLE"><controlledBy id="s" value="0"/></parameter>`),
    );
    expect(defs[1]).toMatchObject({ controlType: 'ENABLE_DISABLE', controlledBy: { id: 's', value: 'a' } });
  });

  it.each([
    ['not XML', 'definitions'],
    ['unclosed elements', '<definitions><parameter>'],
    ['two roots', '<a/><b/>'],
  ])('gives Invalid data structure for %s', (_, content) => {
    expect(importDefinitionFile('a.xml', content, 'JSONTEMPLATE')).toEqual(failure('Invalid data structure'));
  });

  it('drops empty and null values', () => {
    const [d] = definitionsOf(
      xml(`<parameter id="a" type="INTEGER" min="" max="null"><defaultValue/></parameter>`),
    );
    expect(d).toEqual({ id: 'a', type: 'INTEGER' });
  });

  it('fails on an unsupported type', () => {
    expect(xml(`<parameter id="a" type="MATRIX"/>`)).toEqual(failure('Formatting failed. Unsupported type'));
  });
});

describe('XML a parser could choke on (issue 16 §2)', () => {
  const importXml = (content: string) => importDefinitionFile('inputs.xml', content, 'JSONTEMPLATE');
  const nested = (depth: number) =>
    `<?xml version="1.0"?><definitions>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</definitions>`;

  it('refuses tags nested more than 100 deep with a message naming the limit', () => {
    expect(importXml(nested(150))).toEqual(
      failure('The XML file nests elements more than 100 levels deep; definitions need no more than a few.'),
    );
    expect(importXml(nested(98)).ok).toBe(true);
  });

  it('refuses entity declarations, so no expansion can exceed a limit', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE definitions [
  <!ENTITY a "${'x'.repeat(9000)}">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<definitions><parameter id="p" type="STRING"><title>&b;&b;&b;&b;&b;&b;&b;&b;</title></parameter></definitions>`;
    expect(importXml(lol)).toEqual(
      failure('XML definition files must not declare entities (<!ENTITY>); write the text out instead.'),
    );
  });

  it.each([
    [
      'an external SYSTEM entity',
      '<!DOCTYPE definitions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><definitions><parameter id="p" type="STRING"><title>&xxe;</title></parameter></definitions>',
    ],
    ['an external DTD', '<!DOCTYPE definitions SYSTEM "http://example.com/d.dtd"><definitions/>'],
    [
      'a public DTD',
      '<!DOCTYPE definitions PUBLIC "-//X//DTD X//EN" "http://example.com/d.dtd"><definitions/>',
    ],
  ])('refuses %s', (_, content) => {
    expect(importXml(content)).toEqual(
      failure('XML definition files must not refer to external files (DOCTYPE with SYSTEM or PUBLIC).'),
    );
  });

  it('still reads a file with a plain DOCTYPE and the predefined entities', () => {
    const [d] = definitionsOf(
      importXml(
        '<!DOCTYPE definitions><definitions><parameter id="a" type="STRING"><title>R&amp;D &lt;1&gt;</title></parameter></definitions>',
      ),
    );
    expect(d).toMatchObject({ id: 'a', title: 'R&D <1>' });
  });
});
