import { beforeAll, describe, expect, it } from 'vitest';
import { call, createEntry, type Json, metadataOf, rolesOf, withModeler } from './catalogue-helpers';

/**
 * Persona × route authorization table against the local cloud. The entries are WebModel 2.0 entries
 * (the platform with modelers) with lead 'lead', steward 'steward', owners ['owner'] (+ the lead),
 * viewer 'viewer', calibration modeler 'modeler', created by 'lead'. 'employee' is an internal user
 * without a role (a stranger); 'vendor' and 'hta' are external users. 404 = the caller may not even
 * know the entry exists; 403 = known but refused.
 */
const PERSONAS = [
  'admin',
  'lead',
  'steward',
  'owner',
  'viewer',
  'modeler',
  'employee',
  'vendor',
  'hta',
] as const;
type Persona = (typeof PERSONAS)[number];

// Expected status per persona: on a DRAFT entry unless the column says published.
const TABLE: Record<string, Record<Persona, number>> = {
  'get draft': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 200,
    modeler: 200,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'get published': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 200,
    modeler: 200,
    employee: 200,
    vendor: 404,
    hta: 404,
  },
  update: {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 403,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  publish: {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 403,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'retire published': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 403,
    modeler: 403,
    employee: 403,
    vendor: 404,
    hta: 404,
  },
  delete: {
    admin: 204,
    lead: 204,
    steward: 204,
    owner: 204,
    viewer: 403,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'get roles': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 200,
    modeler: 200,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'set roles': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 403,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'list files': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 200,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  'download file': {
    admin: 200,
    lead: 200,
    steward: 200,
    owner: 200,
    viewer: 200,
    modeler: 403,
    employee: 404,
    vendor: 404,
    hta: 404,
  },
  // 202: the archive is built by a job (test/integration/download-archive.test.ts).
  'download all published': {
    admin: 202,
    lead: 202,
    steward: 202,
    owner: 202,
    viewer: 202,
    modeler: 403,
    employee: 403,
    vendor: 404,
    hta: 404,
  },
};

const accepted = { legalNoticeAccepted: true };

describe('catalogue: persona × route authorization', () => {
  let draft: Json;
  let published: Json;
  let fileUuid: string;

  beforeAll(async () => {
    [draft, published] = await Promise.all([
      createEntry(withModeler()),
      createEntry(withModeler({ publish: true })),
    ]);
    fileUuid = (await call('lead', 'GET', `/v2/models/${draft.uuid}/files`)).body.items[0].uuid;
  });

  /** Runs one action as one persona; mutating actions get their own fresh entry. */
  async function run(action: string, persona: Persona): Promise<number> {
    switch (action) {
      case 'get draft':
        return (await call(persona, 'GET', `/v2/models/${draft.uuid}`)).status;
      case 'get published':
        return (await call(persona, 'GET', `/v2/models/${published.uuid}`)).status;
      case 'update': {
        const e = await createEntry(withModeler({ files: [] }));
        return (
          await call(persona, 'PATCH', `/v2/models/${e.uuid}`, {
            metadata: { ...e.metadata, notes: persona },
            rev: e.rev,
          })
        ).status;
      }
      case 'publish': {
        const e = await createEntry(withModeler());
        return (await call(persona, 'POST', `/v2/models/${e.uuid}/publish`, {})).status;
      }
      case 'retire published': {
        const e = await createEntry(withModeler({ publish: true }));
        return (await call(persona, 'POST', `/v2/models/${e.uuid}/retire`, { reason: 'Replaced' })).status;
      }
      case 'delete': {
        const e = await createEntry(withModeler({ files: [] }));
        return (await call(persona, 'DELETE', `/v2/models/${e.uuid}`)).status;
      }
      case 'get roles':
        return (await call(persona, 'GET', `/v2/models/${draft.uuid}/roles`)).status;
      case 'set roles': {
        const e = await createEntry(withModeler({ files: [] }));
        return (await call(persona, 'PUT', `/v2/models/${e.uuid}/roles`, { roles: e.roles, rev: e.rev }))
          .status;
      }
      case 'list files':
        return (await call(persona, 'GET', `/v2/models/${draft.uuid}/files`)).status;
      case 'download file':
        return (await call(persona, 'POST', `/v2/models/${draft.uuid}/files/${fileUuid}/download`, accepted))
          .status;
      case 'download all published':
        return (await call(persona, 'POST', `/v2/models/${published.uuid}/download-all`, accepted)).status;
      default:
        throw new Error(action);
    }
  }

  for (const [action, expected] of Object.entries(TABLE)) {
    it(`${action}: ${PERSONAS.map((p) => `${p} ${expected[p]}`).join(', ')}`, async () => {
      const actual: Record<string, number> = {};
      for (const persona of PERSONAS) actual[persona] = await run(action, persona);
      expect(actual).toEqual(expected);
    });
  }

  it('lets external users create entries, never as lead or steward, and refuses inactive users everywhere', async () => {
    // 000 §2 (issue 21 §25): external users may add entries; the roles rules keep them off lead and steward.
    expect(
      (
        await call('hta', 'POST', '/v2/models', {
          metadata: metadataOf(),
          roles: rolesOf({ vestLead: 'hta' }),
          files: [],
        })
      ).status,
    ).toBe(422);
    expect((await call('inactive', 'GET', `/v2/models/${published.uuid}`)).status).toBe(403);
  });
});
