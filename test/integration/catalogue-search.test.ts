import { randomBytes } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamicSearchResult, ModelListPage } from '@shared/schemas/model-api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueIndex } from '../../functions/core/catalogue/catalogue-index';
import { CATCH_UP_WINDOW_MS, compactCatalogue } from '../../functions/core/catalogue/catalogue-state';
import { createProjection } from '../../functions/core/catalogue/projection';
import { catalogueChangePut, toCatalogueEntry } from '../../functions/data/catalogue-changes';
import { getSnapshotBytes, readChangesAfter } from '../../functions/data/catalogue-log';
import { ddb } from '../../functions/data/dynamodb-client';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { generateModel, type ModelOverrides, prng, writeModels } from '../../scripts/local/seed-models';
import { api, idToken, localCloud } from '../support/local-cloud';

/**
 * GET /v2/models and POST /v2/models/search against the local cloud. Entries are written with the
 * seed module (the items of a create transaction, catalogue changes included, no snapshot), so this
 * also proves that the search functions catch up with the change log on the next request. Every
 * entry carries this run's token in its name and its own trial number, which isolates the
 * assertions from whatever else is in the shared test table.
 */
const token = randomBytes(4).toString('hex').toUpperCase();
const study = `CT-${token}`;
const capStudy = `CAP-${token}`;

const roles = (r: { owners?: string[]; viewers?: string[] } = {}) => ({
  vestLead: 'lead',
  steward: 'steward',
  owners: r.owners ?? ['owner'],
  viewers: r.viewers ?? [],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: [],
});
const meta = (m: Record<string, unknown>) =>
  ({
    study_number: study,
    ...m,
    suffix: `Fixture ${token} ${String(m.suffix ?? '')}`.trim(),
  }) as ModelOverrides['metadata'];

const fixtures: Record<string, ModelOverrides> = {
  pubA: {
    status: 'PUBLISHED',
    createdBy: 'owner',
    createdOn: '2021-01-01T00:00:00.000Z',
    roles: roles(),
    metadata: meta({
      suffix: 'Alpha',
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      type: 'Global',
      global: 'true',
      country: [],
      platform: 'Model Repository',
      model_type: 'Markov Cohort Model',
    }),
  },
  pubB: {
    status: 'PUBLISHED',
    createdBy: 'lead',
    createdOn: '2022-01-01T00:00:00.000Z',
    roles: roles({ owners: ['lead'], viewers: ['vendor'] }),
    metadata: meta({
      suffix: 'Bravo',
      therapeutic_area: 'Vaccines',
      disease: 'Herpes zoster',
      type: 'Country Adaptation',
      global: 'false',
      country: ['France'],
      platform: 'WebModel 2.0',
      model_type: 'Budget Impact Model',
    }),
  },
  draftC: {
    status: 'DRAFT',
    createdBy: 'owner',
    createdOn: '2023-01-01T00:00:00.000Z',
    roles: roles({ viewers: ['viewer'] }),
    metadata: meta({
      suffix: 'Charlie',
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      type: 'Global',
      global: 'true',
      country: [],
      platform: 'Model Repository',
      model_type: 'Markov Cohort Model',
    }),
  },
  retiredD: {
    status: 'RETIRED',
    createdBy: 'owner',
    createdOn: '2024-01-01T00:00:00.000Z',
    roles: roles(),
    metadata: meta({
      suffix: 'Delta',
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      type: 'Global',
      global: 'true',
      country: [],
      platform: 'Model Repository',
    }),
  },
  pubE: {
    status: 'PUBLISHED',
    createdBy: 'lead',
    createdOn: '2025-01-01T00:00:00.000Z',
    roles: roles({ owners: ['lead'] }),
    metadata: meta({
      suffix: 'Echo',
      therapeutic_area: 'Respiratory',
      disease: 'Chronic cough',
      type: 'Country Adaptation',
      global: 'false',
      country: ['Japan', 'France'],
      platform: 'Oncology',
    }),
  },
};

const uuidOf: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function list(persona: string, query: Record<string, string>): Promise<ModelListPage> {
  const res = await api(`/v2/models?${new URLSearchParams(query)}`, { token: tokens[persona] });
  expect(res.status).toBe(200);
  return (await res.json()) as ModelListPage;
}

async function search(persona: string, filters: Record<string, string[]>): Promise<DynamicSearchResult> {
  const res = await api('/v2/models/search', {
    token: tokens[persona],
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filters }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as DynamicSearchResult;
}

const keysOf = (items: { uuid: string }[]) =>
  items.map((i) => Object.keys(uuidOf).find((k) => uuidOf[k] === i.uuid) ?? i.uuid).sort();

beforeAll(async () => {
  applyHandlerEnv(handlerEnv(localCloud()));
  const random = prng(42);
  const models = Object.entries(fixtures).map(([key, overrides], i) => {
    const model = generateModel(random, i + 1, token, overrides);
    uuidOf[key] = model.uuid;
    return model;
  });
  const cap = Array.from({ length: 510 }, (_, i) =>
    generateModel(random, 1000 + i, token, {
      status: 'PUBLISHED',
      createdBy: 'owner',
      roles: roles(),
      metadata: { study_number: capStudy, suffix: `Cap ${token} ${String(i).padStart(3, '0')}` },
    }),
  );
  await writeModels([...models, ...cap]);
  for (const persona of ['admin', 'owner', 'lead', 'steward', 'viewer', 'employee', 'vendor'])
    tokens[persona] = await idToken(persona);
}, 240_000);

describe('GET /v2/models', () => {
  it('shows an internal user without roles the published entries only, as preview', async () => {
    const page = await list('employee', { search: `fixture ${token}` });
    expect(keysOf(page.items)).toEqual(['pubA', 'pubB', 'pubE']);
    expect(page.items.every((i) => i.previewOnly)).toBe(true);
  });

  it('shows drafts to their viewers, retired entries only to owners and super users', async () => {
    const viewer = await list('viewer', { search: `fixture ${token}`, status: 'DRAFT,PUBLISHED,RETIRED' });
    expect(keysOf(viewer.items)).toEqual(['draftC', 'pubA', 'pubB', 'pubE']);
    expect(viewer.items.find((i) => i.uuid === uuidOf.draftC)?.previewOnly).toBe(false);
    const owner = await list('owner', { search: `fixture ${token}`, status: 'DRAFT,PUBLISHED,RETIRED' });
    expect(keysOf(owner.items)).toEqual(['draftC', 'pubA', 'pubB', 'pubE', 'retiredD']);
    const admin = await list('admin', { search: `fixture ${token}`, status: 'RETIRED' });
    expect(keysOf(admin.items)).toEqual(['retiredD']);
    // The Model Steward is not an owner (issue 21 §22).
    const steward = await list('steward', { search: `fixture ${token}`, status: 'DRAFT,PUBLISHED,RETIRED' });
    expect(keysOf(steward.items)).toEqual(['draftC', 'pubA', 'pubB', 'pubE']);
  });

  it('shows external users only the entries they hold a role on', async () => {
    const page = await list('vendor', { search: token, status: 'DRAFT,PUBLISHED,RETIRED', pageSize: '100' });
    expect(keysOf(page.items)).toEqual(['pubB']);
    expect(page.total).toBe(1);
  });

  it('lists my entries: creator, lead, steward or owner', async () => {
    const owner = await list('owner', { search: `fixture ${token}`, view: 'mine' });
    expect(keysOf(owner.items)).toEqual(['draftC', 'pubA']);
    const lead = await list('lead', { search: `fixture ${token}`, view: 'mine' });
    expect(keysOf(lead.items)).toEqual(['draftC', 'pubA', 'pubB', 'pubE']);
  });

  it('filters by model type, therapeutic area and platform', async () => {
    expect(
      keysOf((await list('admin', { search: `fixture ${token}`, therapeuticArea: 'Oncology' })).items),
    ).toEqual(['draftC', 'pubA']);
    expect(
      keysOf((await list('admin', { search: `fixture ${token}`, platform: 'WebModel 2.0,Oncology' })).items),
    ).toEqual(['pubB', 'pubE']);
    expect(
      keysOf((await list('admin', { search: `fixture ${token}`, modelType: 'Budget Impact Model' })).items),
    ).toEqual(['pubB']);
  });

  it('sorts by creation date and by name, both ways', async () => {
    const byDate = await list('admin', { search: `fixture ${token}`, sort: 'createdOn', order: 'desc' });
    expect(byDate.items.map((i) => i.uuid)).toEqual([uuidOf.pubE, uuidOf.draftC, uuidOf.pubB, uuidOf.pubA]);
    const asc = await list('admin', { search: `fixture ${token}`, sort: 'name', order: 'asc' });
    const names = asc.items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await list('admin', { search: `fixture ${token}`, sort: 'name', order: 'desc' });
    expect(desc.items.map((i) => i.uuid)).toEqual(asc.items.map((i) => i.uuid).reverse());
  });

  it('pages through 510 entries', async () => {
    const seen = new Set<string>();
    for (let page = 0; page <= 5; page++) {
      const result = await list('owner', {
        search: `cap ${token}`,
        pageSize: '100',
        page: String(page),
        sort: 'name',
      });
      expect(result.total).toBe(510);
      expect(result.items).toHaveLength(page < 5 ? 100 : 10);
      for (const item of result.items) seen.add(item.uuid);
    }
    expect(seen.size).toBe(510);
    const beyond = await list('owner', { search: `cap ${token}`, pageSize: '100', page: '6' });
    expect(beyond.items).toEqual([]);
  });

  it('refuses a page size outside 10/20/50/100 and an unknown sort, and requires a token', async () => {
    expect((await api('/v2/models?pageSize=7', { token: tokens.admin })).status).toBe(400);
    expect((await api('/v2/models?sort=size', { token: tokens.admin })).status).toBe(400);
    expect((await api('/v2/models')).status).toBe(401);
  });
});

describe('POST /v2/models/search', () => {
  it('counts, per facet, what remains among the entries matching the other facets', async () => {
    const all = await search('employee', { study_number: [study] });
    expect(all.total).toBe(3);
    expect(all.availableFilters.therapeutic_area).toEqual([
      { value: 'Oncology', count: 1 },
      { value: 'Respiratory', count: 1 },
      { value: 'Vaccines', count: 1 },
    ]);
    expect(all.availableFilters.country).toEqual([
      { value: 'France', count: 2 },
      { value: 'Japan', count: 1 },
    ]);

    const france = await search('employee', { study_number: [study], country: ['France'] });
    expect(keysOf(france.models)).toEqual(['pubB', 'pubE']);
    // The chosen facet still offers its other values (counted among the matches of the other facets).
    expect(france.availableFilters.country).toEqual([
      { value: 'France', count: 2 },
      { value: 'Japan', count: 1 },
    ]);
    expect(france.availableFilters.global).toEqual([{ value: 'Country Adaptation', count: 2 }]);

    const three = await search('employee', {
      study_number: [study],
      country: ['France'],
      platform: ['WebModel 2.0'],
    });
    expect(keysOf(three.models)).toEqual(['pubB']);
    expect(three.availableFilters.platform).toEqual([
      { value: 'Oncology', count: 1 },
      { value: 'WebModel 2.0', count: 1 },
    ]);
  });

  it('gives cards the caller has no role on as named preview cards, and hides what they may not see', async () => {
    const employee = await search('employee', { study_number: [study] });
    expect(employee.models.length).toBeGreaterThan(0);
    expect(employee.models.every((m) => m.previewOnly && !m.restricted && m.name !== '')).toBe(true);
    const owner = await search('owner', { study_number: [study] });
    expect(keysOf(owner.models)).toEqual(['draftC', 'pubA', 'pubB', 'pubE', 'retiredD']);
    expect(keysOf(owner.models.filter((m) => m.previewOnly))).toEqual(['pubB', 'pubE']);
    expect(owner.models.some((m) => m.restricted)).toBe(false);
    const vendor = await search('vendor', { study_number: [study] });
    expect(keysOf(vendor.models)).toEqual(['pubB']);
    expect(vendor.models[0]?.restricted).toBe(false);
  });

  it('returns at most 500 models with the full total', async () => {
    const result = await search('admin', { study_number: [capStudy] });
    expect(result.total).toBe(510);
    expect(result.models).toHaveLength(500);
    // The chosen facet's own values are counted among the matches of the other (no) facets.
    expect(result.availableFilters.study_number).toContainEqual({ value: capStudy, count: 510 });
    expect(result.availableFilters.therapeutic_area.reduce((n, v) => n + v.count, 0)).toBe(510);
  });

  it('refuses two values for one facet', async () => {
    const res = await api('/v2/models/search', {
      token: tokens.admin,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { country: ['France', 'Japan'] } }),
    });
    expect(res.status).toBe(400);
  });
});

/**
 * The projection and the compaction job run here in the test's process against the local cloud's
 * table and bucket (the same data layer as the Lambdas), so that the test decides when an instance
 * idles and when the log is compacted.
 */
describe('catalogue projection and compaction', () => {
  const names = (index: CatalogueIndex) =>
    new Map(
      index
        .toSnapshot('', 0)
        .entries.filter((e) => e.name.includes(`Projection ${token}`))
        .map((e) => [e.uuid, e.name]),
    );
  const fixture = (label: string) =>
    generateModel(prng(7), 1, token, {
      status: 'PUBLISHED',
      createdBy: 'owner',
      roles: roles(),
      metadata: { study_number: `PRJ-${token}`, suffix: `Projection ${token} ${label}` },
    });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reloads an instance that idled across two compactions, missing none of the trimmed changes', async () => {
    const idle = createProjection();
    await idle.current();
    const [a, b, c] = [fixture('A'), fixture('B'), fixture('C')];
    await writeModels([a]);
    // B's change comes more than the catch-up window after A's, so the second compaction trims A's.
    await sleep(CATCH_UP_WINDOW_MS + 1500);
    await writeModels([b]);
    expect((await compactCatalogue()).skipped).toBe(false);
    await writeModels([c]);
    expect((await compactCatalogue()).skipped).toBe(false);
    const log = await readChangesAfter('');
    expect(log.changes.some((change) => change.entry.uuid === a.uuid)).toBe(false);
    expect(log.trimmedBefore).not.toBe('');

    const seen = names(await idle.current());
    expect(seen.get(a.uuid)).toBe(a.name);
    expect(seen.get(b.uuid)).toBe(b.name);
    expect(seen.get(c.uuid)).toBe(c.name);
  }, 90_000);

  it('keeps the highest rev of an entry when an older change arrives after a newer one', async () => {
    const model = fixture('Rev');
    await writeModels([model]);
    const change = (rev: number, label: string) =>
      catalogueChangePut(
        toCatalogueEntry({ ...model, rev, name: `${model.name} ${label}` }, model.creatorName),
      );
    // rev 3 first, then rev 2 with a later change id (a writer whose clock runs ahead, a slow commit).
    await ddb().send(new TransactWriteCommand({ TransactItems: [change(3, 'three')] }));
    await ddb().send(new TransactWriteCommand({ TransactItems: [change(2, 'two')] }));
    const page = await list('admin', { search: `projection ${token}`, pageSize: '100' });
    expect(page.items.filter((i) => i.uuid === model.uuid).map((i) => i.name)).toEqual([
      `${model.name} three`,
    ]);
    expect(names(await createProjection().current()).get(model.uuid)).toBe(`${model.name} three`);
  });

  it('skips a compaction when nothing changed since the snapshot', async () => {
    await compactCatalogue();
    const before = await getSnapshotBytes();
    const again = await compactCatalogue();
    expect(again.skipped).toBe(true);
    expect(again.snapshotBytes).toBe(0);
    expect((await getSnapshotBytes())?.equals(before as Buffer)).toBe(true);
  });
});
