import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { updateModel } from '../../../functions/core/models/update-model';
import { getModel } from '../../../functions/data/models';
import { env } from '../../../functions/lib/env';
import { buildGitRepository, type SeedCommit } from '../../../functions/testing/git-repos';
import type { DemoStep } from './seed-demo';
import { DEMO_CHAINS, demoChainVersions } from './versions';

/**
 * Source control in the demo (issue 18 §5, §7): a bare git repository that the local git provider
 * serves (SOURCE_CONTROL_GIT_ROOT, scripts/local/env.ts), `HEOR/melanoma-markov`, with two branches
 * and several commits editing an R script and a CSV of inputs; and the Melanoma Markov entry linked to
 * it by its metadata (bitbucket_project, bitbucket_repository, bitbucket_path), so its Files dialog
 * is in source-control mode and its Source control panel browses, lists history and diffs commits;
 * its version 1.1 records the NICE scenario branch, so comparing 1.0 with 1.1 diffs their code.
 * Idempotent: an existing repository and an existing link are left as they are.
 */
export const SOURCE_CONTROL_DEMO = {
  entry: 'onc-melanoma-markov-global',
  project: 'HEOR',
  repository: 'melanoma-markov',
  path: 'R/markov_model.R',
  /** The branch version 1.1 of the entry records (bitbucket_commit). */
  versionBranch: 'scenario/nice-discounting',
} as const;

const ada = { name: 'Olivia Owner', email: 'owner@model-repository.local' };
const sam = { name: 'Sam Steward', email: 'steward@model-repository.local' };

const model = (cycles: number, discount: string, extra = '') => `# Melanoma adjuvant Markov cohort model
library(dplyr)

inputs <- read.csv("data/inputs.csv")
param <- function(name) inputs$value[inputs$name == name]

cycles <- ${cycles}
discount_rate <- ${discount}
states <- c("RFS", "Recurrence", "Dead")

transition <- matrix(c(
  1 - param("p_recur") - param("p_die"), param("p_recur"), param("p_die"),
  0, 1 - param("p_die_rec"), param("p_die_rec"),
  0, 0, 1
), nrow = 3, byrow = TRUE, dimnames = list(states, states))
${extra}
trace <- matrix(0, nrow = cycles + 1, ncol = 3, dimnames = list(NULL, states))
trace[1, ] <- c(1, 0, 0)
for (t in seq_len(cycles)) trace[t + 1, ] <- trace[t, ] %*% transition
`;

const inputs = (recur: string, cost: string) => `name,value,source
p_recur,${recur},KEYNOTE-054 5-year RFS
p_die,0.004,Life tables
p_die_rec,0.09,Registry
c_rfs,${cost},Tariff 2025
u_rfs,0.85,EQ-5D trial data
`;

const COMMITS: SeedCommit[] = [
  {
    message: 'First Markov model with trial inputs',
    author: ada,
    date: '2026-01-12T09:00:00Z',
    files: {
      'R/markov_model.R': model(40, '0.035'),
      'data/inputs.csv': inputs('0.021', '1250'),
      'README.md': '# Melanoma adjuvant Markov model\n\nRun `Rscript R/markov_model.R`.\n',
    },
  },
  {
    message: 'Recurrence probability from the 5-year update',
    author: sam,
    date: '2026-02-03T14:30:00Z',
    files: { 'data/inputs.csv': inputs('0.018', '1250') },
  },
  {
    message: 'Lifetime horizon: 60 annual cycles',
    author: ada,
    date: '2026-02-20T11:15:00Z',
    files: { 'R/markov_model.R': model(60, '0.035') },
  },
  {
    message: 'Costs from the 2026 tariff',
    author: ada,
    date: '2026-03-09T16:45:00Z',
    files: { 'data/inputs.csv': inputs('0.018', '1310') },
  },
];

const DISCOUNT_BRANCH: SeedCommit[] = [
  {
    message: 'Half-cycle correction and 3% discounting (scenario for NICE)',
    author: sam,
    date: '2026-03-20T10:00:00Z',
    files: {
      'R/markov_model.R': model(60, '0.03', '\nhalf_cycle <- TRUE  # corrected at the end of the trace\n'),
    },
  },
];

/**
 * Builds the demo repository's history (two branches) as a bare repository at `target`; also used by
 * the source-control integration tests and browser journey, which work on a copy of their own so
 * that their saves never change the demo's repository.
 */
export function buildDemoSourceRepository(target: string): Promise<void> {
  return buildGitRepository(target, [
    { name: 'main', commits: COMMITS },
    { name: SOURCE_CONTROL_DEMO.versionBranch, from: 'main', commits: DISCOUNT_BRANCH },
  ]);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export const SOURCE_CONTROL_STEP: DemoStep = {
  name: 'source control',
  async run(ctx) {
    let added = 0;
    const target = join(
      env.sourceControlGitRoot,
      SOURCE_CONTROL_DEMO.project,
      `${SOURCE_CONTROL_DEMO.repository}.git`,
    );
    if (!(await exists(target))) {
      await buildDemoSourceRepository(target);
      ctx.log(
        `  source control: ${SOURCE_CONTROL_DEMO.project}/${SOURCE_CONTROL_DEMO.repository} (2 branches)`,
      );
      added++;
    }
    const uuid = ctx.uuids.get(SOURCE_CONTROL_DEMO.entry);
    const owner = ctx.users.get('owner');
    const entry = uuid ? await getModel(uuid) : undefined;
    if (entry && owner && !entry.metadata.bitbucket_repository) {
      await updateModel(owner, entry.uuid, {
        rev: entry.rev,
        metadata: {
          ...entry.metadata,
          bitbucket_project: SOURCE_CONTROL_DEMO.project,
          bitbucket_repository: SOURCE_CONTROL_DEMO.repository,
          bitbucket_path: SOURCE_CONTROL_DEMO.path,
        },
      });
      added++;
    }
    // Version 1.1 of the same lineage records the NICE scenario branch as its commit, so that compare
    // mode of 1.0 (no commit: the default branch) with 1.1 shows the code's source-control diff.
    const chain = DEMO_CHAINS.find((c) => c.base === SOURCE_CONTROL_DEMO.entry);
    const [v11] = uuid && chain ? await demoChainVersions(chain, uuid) : [];
    const version = v11 ? await getModel(v11) : undefined;
    if (version && owner && !version.metadata.bitbucket_repository) {
      await updateModel(owner, version.uuid, {
        rev: version.rev,
        metadata: {
          ...version.metadata,
          bitbucket_project: SOURCE_CONTROL_DEMO.project,
          bitbucket_repository: SOURCE_CONTROL_DEMO.repository,
          bitbucket_path: SOURCE_CONTROL_DEMO.path,
          bitbucket_commit: SOURCE_CONTROL_DEMO.versionBranch,
        },
      });
      added++;
    }
    return added;
  },
};
