import { assembleModelName, nameKey } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { createUpload } from '../../../functions/core/files/create-upload';
import { updateFiles } from '../../../functions/core/files/update-files';
import { publishModel } from '../../../functions/core/models/publish-model';
import { updateModel } from '../../../functions/core/models/update-model';
import { createVersion } from '../../../functions/core/versions/create-version';
import { getObjectBytes, putObject } from '../../../functions/data/file-objects';
import { listModelFiles, type ModelFileRecord } from '../../../functions/data/model-files';
import { getModelNameOwner } from '../../../functions/data/model-names';
import { getModel } from '../../../functions/data/models';
import { uploadObjectKey } from '../../../functions/data/uploads';
import { demoEntry } from './catalogue';
import type { DemoContext, DemoStep } from './seed-demo';
import { CEA_WORKBOOK, type CeaWorkbookVersion, ceaWorkbook } from './version-workbooks';
import { XLSM_TYPE } from './xlsm';

/**
 * Demo lineages (issue 18): chains of new versions under three demo entries, each made with the
 * product's own use cases as its people would: New Model Version (the source's files carried over,
 * their histories continued), then a file manager save that edits the R and Python scripts and adds a
 * section to docs/CHANGELOG.md, the changelog linked in the metadata, and publish (the newest version
 * of each chain stays a draft). With the demo's existing children the lineages hold 3 to 5 versions,
 * whose files really differ from one version to the next (the Compare and History modes show it).
 *
 * Idempotent: a version is identified by its generated name; existing ones are left as they are and
 * the chain goes on from them. The Melanoma chain also saves its cost-effectiveness workbook,
 * model/cea-model.xlsm (version-workbooks.ts), in each of its versions: added in 1.1, then changed in
 * 2.0 and 2.1 (values, formulas, an inserted row and column, a renamed and an added sheet, a defined
 * name, VBA), each save a new version of the file carried over from the parent.
 */
interface DemoVersion {
  version: string;
  log: string;
  /** One line of each script that changes, and what it becomes. */
  python?: [string, string];
  r: [string, string];
  /** The R script `r` edits (default partitioned_survival.R, the catalogue's model script). */
  rFile?: string;
  /** The state of model/cea-model.xlsm this version saves (a chain without it has no such file). */
  workbook?: CeaWorkbookVersion;
}

export interface DemoChain {
  /** Key of the demo entry the chain starts from. */
  base: string;
  versions: DemoVersion[];
}

export const DEMO_CHAINS: readonly DemoChain[] = [
  {
    base: 'onc-melanoma-markov-global',
    versions: [
      {
        version: '1.1',
        workbook: 1,
        log: 'Half-cycle correction documented; horizon read from the inputs file only.',
        python: [
          'def run_arm(p, hazard_ratio, drug_cost, horizon):',
          'def run_arm(p, hazard_ratio, drug_cost, horizon):\n    """One arm of the cohort, half-cycle corrected."""',
        ],
        r: [
          'weibull_survival <- function(t, shape, scale) exp(-(t / scale)^shape)',
          'weibull_survival <- function(t, shape, scale) exp(-((t / scale)^shape))',
        ],
      },
      {
        version: '2.0',
        workbook: 2,
        log: 'Lifetime horizon (40 years) and 3.5% discounting per the NICE reference case.',
        python: [
          '    for cycle in range(1, horizon + 1):',
          '    for cycle in range(1, max(horizon, 40) + 1):',
        ],
        r: [
          'months <- seq(0, p[["horizon_years"]] * 12)',
          'months <- seq(0, max(p[["horizon_years"]], 40) * 12)',
        ],
      },
      {
        version: '2.1',
        workbook: 3,
        log: 'Drug wastage added to the cost of the new product.',
        python: [
          'def run_arm(p, hazard_ratio, drug_cost, horizon):',
          'def run_arm(p, hazard_ratio, drug_cost, horizon, wastage=0.05):',
        ],
        r: [
          'run_arm <- function(hr_pfs, hr_os, drug_cost_month) {',
          'run_arm <- function(hr_pfs, hr_os, drug_cost_month, wastage = 0.05) {',
        ],
      },
    ],
  },
  {
    base: 'vir-hiv-markov-global',
    versions: [
      {
        version: '2',
        log: 'Inputs path can be given on the command line; summary printed with two decimals.',
        python: ['import argparse', 'import argparse  # --inputs, --horizon, --json'],
        r: [
          'inputs <- read.csv(inputs_path, stringsAsFactors = FALSE)',
          'inputs <- read.csv(inputs_path, stringsAsFactors = FALSE, strip.white = TRUE)',
        ],
      },
      {
        version: '3',
        log: 'Background mortality from the life table replaces the constant rate.',
        python: [
          '    for cycle in range(1, horizon + 1):',
          '    for cycle in range(1, horizon + 1):  # life-table mortality per cycle',
        ],
        r: [
          'months <- seq(0, p[["horizon_years"]] * 12)',
          'months <- seq(0, p[["horizon_years"]] * 12, by = 1)',
        ],
      },
    ],
  },
  {
    base: 'cv-hfref-markov-global',
    versions: [
      {
        version: '2.1',
        log: 'Hospitalisation costs updated to 2025 prices.',
        python: ['import argparse', 'import argparse\nimport math'],
        r: [
          'p <- setNames(as.numeric(inputs$value), inputs$parameter)',
          'p <- setNames(as.numeric(inputs$value), trimws(inputs$parameter))',
        ],
      },
      {
        version: '2.2',
        log: 'Utility decrement for hospitalisation.',
        python: [
          'def run_arm(p, hazard_ratio, drug_cost, horizon):',
          'def run_arm(p, hazard_ratio, drug_cost, horizon, decrement=0.1):',
        ],
        r: [
          'weibull_survival <- function(t, shape, scale) exp(-(t / scale)^shape)',
          'weibull_survival <- function(t, shape, scale) exp(-(pmax(t, 0) / scale)^shape)',
        ],
      },
      {
        version: '3.0',
        log: 'Model restructured for the HTA submission: scenario analyses added.',
        python: [
          '    for cycle in range(1, horizon + 1):',
          '    for cycle in range(1, horizon + 1):  # scenario analyses run the same loop',
        ],
        r: [
          'run_arm <- function(hr_pfs, hr_os, drug_cost_month) {',
          'run_arm <- function(hr_pfs, hr_os, drug_cost_month, scenario = "base") {',
        ],
      },
    ],
  },
];

/**
 * The R demo model that runs (issue 18 §6): version 1.1 stops the treatment's cost once a patient is
 * sick, so its scenarios' ICER falls (Base case 21,536 → 15,134, -30%). The runs step
 * (model-runs.ts) gives this version the same sub-model and scenarios as 1.0 and runs them, so
 * compare mode's Results section shows what the change did.
 */
export const RESULTS_CHAIN: DemoChain = {
  base: 'demo-run-markov-r',
  versions: [
    {
      version: '1.1',
      log: 'Stopping rule: the new treatment is no longer given (or paid for) once a patient is sick.',
      rFile: 'markov_cohort.R',
      r: [
        '  state_costs <- c(p$cost_healthy, p$cost_sick, 0) + treated * c(p$cost_treatment, p$cost_treatment, 0)',
        '  state_costs <- c(p$cost_healthy, p$cost_sick, 0) + treated * c(p$cost_treatment, 0, 0)',
      ],
    },
  ],
};

export const VERSIONS_STEP: DemoStep = { name: 'versions', run: seedVersions };

async function seedVersions(ctx: DemoContext): Promise<number> {
  let added = 0;
  for (const chain of [...DEMO_CHAINS, RESULTS_CHAIN]) {
    const base = demoEntry(chain.base);
    const creator = ctx.users.get(base.creator) as User;
    let parentUuid = ctx.uuids.get(chain.base);
    if (!parentUuid) continue;
    for (const [i, step] of chain.versions.entries()) {
      const parent = await getModel(parentUuid);
      if (!parent) break;
      const metadata = versionMetadata(parent.metadata, step);
      const existing = await getModelNameOwner(nameKey(assembleModelName(metadata)));
      if (existing) {
        parentUuid = existing;
        continue;
      }
      const newest = i === chain.versions.length - 1;
      parentUuid = await createDemoVersion(creator, parentUuid, metadata, step, !newest);
      added++;
    }
  }
  if (added > 0) ctx.log(`demo catalogue: ${added} new versions in ${DEMO_CHAINS.length + 1} lineages`);
  return added;
}

/** The uuids of a chain's versions that exist, in order, starting from the entry it is based on. */
export async function demoChainVersions(chain: DemoChain, baseUuid: string): Promise<string[]> {
  const uuids: string[] = [];
  let parentUuid = baseUuid;
  for (const step of chain.versions) {
    const parent = await getModel(parentUuid);
    if (!parent) break;
    const existing = await getModelNameOwner(
      nameKey(assembleModelName(versionMetadata(parent.metadata, step))),
    );
    if (!existing) break;
    uuids.push(existing);
    parentUuid = existing;
  }
  return uuids;
}

/** The parent's metadata with the new version and its log; the lineage and steward fields are the server's. */
function versionMetadata(parent: ModelMetadata, step: DemoVersion): ModelMetadata {
  const {
    tree_parent_id: _p,
    tree_root_id: _r,
    changelog_file: _c,
    isid_of_model_steward: _i,
    email_for_model_steward: _e,
    name_of_model_steward: _n,
    ...rest
  } = parent;
  return { ...rest, version_release_of_model: step.version, version_log: step.log };
}

async function createDemoVersion(
  creator: User,
  parentUuid: string,
  metadata: ModelMetadata,
  step: DemoVersion,
  publish: boolean,
): Promise<string> {
  const parent = await getModel(parentUuid);
  const parentFiles = await listModelFiles(parentUuid);
  const { uuid } = await createVersion(creator, parentUuid, {
    modelItemUuids: parentFiles.filter((f) => !f.folder).map((f) => f.uuid),
    fileTypes: {},
    metadata,
    roles: parent?.roles ?? {
      owners: [],
      viewers: [],
      displayViewers: [],
      calibrationModelers: [],
      scenarioModelers: [],
    },
    publish: false,
  });

  const files = await listModelFiles(uuid);
  const edits = await Promise.all([
    step.python
      ? edit(files, 'markov_cohort.py', (t) => replaceLine(t, step.python as [string, string]))
      : undefined,
    edit(files, step.rFile ?? 'partitioned_survival.R', (t) => replaceLine(t, step.r)),
    edit(files, 'CHANGELOG.md', (t) => `${t.trimEnd()}\n\n## Version ${step.version}\n\n- ${step.log}\n`),
  ]);
  const changed: Upload[] = edits
    .filter((e): e is NonNullable<typeof e> => !!e)
    .map(({ file, body }) => ({ ...file, body, contentType: 'text/plain' }));
  if (step.workbook) changed.push(await workbookUpload(files, step.workbook));
  if (changed.length > 0) {
    const ticket = await createUpload(creator, {
      modelUuid: uuid,
      files: changed.map((e) => ({ name: e.name, size: e.body.length, contentType: e.contentType })),
    });
    await Promise.all(
      ticket.files.map((t, i) =>
        putObject(uploadObjectKey(ticket.uploadId, t.uploadFileId), changed[i]?.body ?? Buffer.alloc(0), {
          contentType: changed[i]?.contentType ?? 'text/plain',
        }),
      ),
    );
    // A file saved under the name and folder of a carried-over one replaces it: a new version on
    // top of the history the new model version continued.
    await updateFiles(creator, uuid, {
      uploadId: ticket.uploadId,
      folders: [],
      add: changed.map((e, i) => ({
        uploadFileId: ticket.files[i]?.uploadFileId ?? '',
        name: e.name,
        path: e.path,
        ...(e.fileTag ? { fileTag: e.fileTag } : {}),
        mainFile: e.mainFile,
      })),
      remove: [],
      update: [],
      clone: [],
    });
  }
  const changelog = files.find((f) => f.name === 'CHANGELOG.md');
  let model = await getModel(uuid);
  if (model && changelog) {
    model = await updateModel(creator, uuid, {
      metadata: { ...model.metadata, changelog_file: changelog.uuid },
      rev: model.rev,
    });
  }
  if (publish) await publishModel(creator, uuid, undefined);
  return uuid;
}

interface Upload {
  name: string;
  path: string;
  fileTag?: string;
  mainFile: boolean;
  body: Buffer;
  contentType: string;
}

/** The version's state of the cost-effectiveness workbook, over the carried-over file when there is one. */
async function workbookUpload(files: readonly ModelFileRecord[], state: CeaWorkbookVersion): Promise<Upload> {
  const carried = files.find(
    (f) => !f.folder && f.name === CEA_WORKBOOK.name && f.path === CEA_WORKBOOK.path,
  );
  return {
    name: CEA_WORKBOOK.name,
    path: CEA_WORKBOOK.path,
    fileTag: carried?.fileTag ?? 'Model',
    mainFile: carried?.mainFile ?? false,
    body: Buffer.from(await ceaWorkbook(state)),
    contentType: XLSM_TYPE,
  };
}

async function edit(files: readonly ModelFileRecord[], name: string, change: (text: string) => string) {
  const file = files.find((f) => f.name === name && !f.folder);
  if (!file) return undefined;
  const before = (await getObjectBytes(file.s3Key))?.toString('utf8');
  if (before === undefined) return undefined;
  const after = change(before);
  return after === before ? undefined : { file, body: Buffer.from(after) };
}

/** The script with its first line equal to `from` replaced (unchanged when there is none). */
function replaceLine(text: string, [from, to]: [string, string]): string {
  const lines = text.split('\n');
  const at = lines.indexOf(from);
  if (at < 0) return text;
  lines.splice(at, 1, ...to.split('\n'));
  return lines.join('\n');
}
