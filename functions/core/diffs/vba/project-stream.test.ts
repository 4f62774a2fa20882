import { describe, expect, it } from 'vitest';
import { encryptData, parseModuleKinds, projectKey, writeProjectStream } from './project-stream';

describe('Data Encryption ([MS-OVBA] §2.4.3.2)', () => {
  it('encrypts an unprotected state to the published sample bytes', () => {
    // Sample from Beakerboy/MS-OVBA-Crypto (MIT), README: 41 43 5A 5A 5E 5A 5E 5A 5E 5A 5E decrypts to
    // four zero bytes. Seed 0x41 and VersionEnc 0x43 give version 2; ProjKeyEnc 0x5A gives key 0x1B.
    expect([...encryptData(0x41, 0x1b, new Uint8Array(4))]).toEqual([
      0x41, 0x43, 0x5a, 0x5a, 0x5e, 0x5a, 0x5e, 0x5a, 0x5e, 0x5a, 0x5e,
    ]);
  });

  it('writes filler bytes when the seed asks for them', () => {
    // Seed bits 1-2 = 3: three ignored bytes, then the length and the data.
    expect(encryptData(0x06, 0x1b, Uint8Array.of(0xff))).toHaveLength(3 + 3 + 4 + 1);
  });

  it('derives the project key from the CLSID string', () => {
    const clsid = '{00000000-0000-0000-0000-000000000000}';
    const sum = [...clsid].reduce((total, char) => total + char.charCodeAt(0), 0);
    expect(projectKey(clsid)).toBe(sum % 256);
  });
});

describe('PROJECT stream', () => {
  it('reads module kinds from the properties and stops at the first section', () => {
    const text = [
      'ID="{1}"',
      'Document=ThisWorkbook/&H00000000',
      'Document=Sheet1/&H00000000',
      'Module=Helpers',
      'Class=Scenario',
      'BaseClass=InputForm',
      'Name="VBAProject"',
      '',
      '[Workspace]',
      'Module=NotAModule',
    ].join('\r\n');

    expect(Object.fromEntries(parseModuleKinds(text))).toEqual({
      ThisWorkbook: 'document',
      Sheet1: 'document',
      Helpers: 'standard',
      Scenario: 'class',
      InputForm: 'form',
    });
  });

  it('writes what it reads', () => {
    const modules = [
      { name: 'ThisWorkbook', kind: 'document' as const },
      { name: 'Helpers', kind: 'standard' as const },
      { name: 'Scenario', kind: 'class' as const },
    ];
    const text = writeProjectStream('{00000000-0000-0000-0000-000000000000}', 'VBAProject', modules);

    expect(Object.fromEntries(parseModuleKinds(text))).toEqual({
      ThisWorkbook: 'document',
      Helpers: 'standard',
      Scenario: 'class',
    });
    expect(
      text.endsWith(
        '[Workspace]\r\nThisWorkbook=0, 0, 0, 0, C\r\nHelpers=0, 0, 0, 0, C\r\nScenario=0, 0, 0, 0, C\r\n',
      ),
    ).toBe(true);
  });
});
