import type { VbaModuleKind } from '@shared/diffs/macros';

/**
 * The PROJECT stream ([MS-OVBA] §2.3.1): the project's properties as text lines in the project's code
 * page. Of its content the dir stream lacks only one thing we show: what kind each module is
 * (`Module=`, `Class=`, `Document=Name/&H...`, `BaseClass=` for a UserForm). MODULETYPE in the dir
 * stream only tells standard modules from all the others.
 */
export function parseModuleKinds(text: string): Map<string, VbaModuleKind> {
  const kinds = new Map<string, VbaModuleKind>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    // The properties end where the first [section] (Host Extender Info, Workspace) begins.
    if (line.startsWith('[')) break;
    const match = /^(Module|Class|Document|BaseClass)=(.*)$/.exec(line);
    if (!match) continue;
    const [, key, value = ''] = match;
    if (key === 'Module') kinds.set(value, 'standard');
    else if (key === 'Class') kinds.set(value, 'class');
    else if (key === 'BaseClass') kinds.set(value, 'form');
    else kinds.set(value.replace(/\/&H[0-9A-Fa-f]+$/, ''), 'document');
  }
  return kinds;
}

/** The checksum of the project's CLSID string that seeds Data Encryption ([MS-OVBA] §2.4.3.2). */
export function projectKey(projectClsid: string): number {
  let key = 0;
  for (let i = 0; i < projectClsid.length; i++) key = (key + projectClsid.charCodeAt(i)) & 0xff;
  return key;
}

/**
 * Data Encryption ([MS-OVBA] §2.4.3.2): the obfuscation of the CMG, DPB and GC properties. Each byte is
 * XORed with the sum of the encrypted byte two places back and the plain byte one place back. We pick
 * seeds whose bits 1-2 are 0, so no "ignored" filler bytes are written and the output is stable.
 */
export function encryptData(seed: number, projKey: number, data: Uint8Array): Uint8Array {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, data.length, true);
  const versionEnc = seed ^ 2;
  const projKeyEnc = seed ^ projKey;
  const out = [seed, versionEnc, projKeyEnc];
  let unencrypted1 = projKey;
  let encrypted1 = projKeyEnc;
  let encrypted2 = versionEnc;
  const ignored = (seed & 6) / 2;
  for (const byte of [...new Uint8Array(ignored), ...length, ...data]) {
    const encrypted = byte ^ ((encrypted2 + unencrypted1) & 0xff);
    out.push(encrypted);
    encrypted2 = encrypted1;
    encrypted1 = encrypted;
    unencrypted1 = byte;
  }
  return Uint8Array.from(out);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');
}

export interface ProjectStreamModule {
  name: string;
  kind: Exclude<VbaModuleKind, 'form'>;
}

/**
 * Write a PROJECT stream ([MS-OVBA] §2.3.1, ABNF order): an unprotected, visible project without a
 * password, with the Excel host extender and every module listed in the workspace.
 */
export function writeProjectStream(
  projectClsid: string,
  projectName: string,
  modules: ProjectStreamModule[],
): string {
  const key = projectKey(projectClsid);
  const lines = [`ID="${projectClsid}"`];
  for (const module of modules) {
    if (module.kind === 'document') lines.push(`Document=${module.name}/&H00000000`);
    else if (module.kind === 'class') lines.push(`Class=${module.name}`);
    else lines.push(`Module=${module.name}`);
  }
  lines.push(
    `Name="${projectName}"`,
    'HelpContextID="0"',
    'VersionCompatible32="393222000"',
    // Protection state 0 (4 bytes), no password (one 0x00 byte), visible (0xFF).
    `CMG="${hex(encryptData(0x41, key, new Uint8Array(4)))}"`,
    `DPB="${hex(encryptData(0x11, key, new Uint8Array(1)))}"`,
    `GC="${hex(encryptData(0x09, key, Uint8Array.of(0xff)))}"`,
    '',
    '[Host Extender Info]',
    '&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000',
    '',
    '[Workspace]',
    ...modules.map((module) => `${module.name}=0, 0, 0, 0, C`),
  );
  return `${lines.join('\r\n')}\r\n`;
}
