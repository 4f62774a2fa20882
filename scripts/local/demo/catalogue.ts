import { assembleModelName } from '@shared/rules/model-name';
import type {
  InformationClassification,
  ModelKind,
  ModelMetadata,
  ModelRoles,
  Platform,
  TheoremFlags,
} from '@shared/schemas/model';
import type { NotificationAction } from '@shared/schemas/notification';

/**
 * The demo catalogue `npm start` seeds (scripts/local/demo/seed-demo.ts): about forty model entries
 * across therapeutic areas, the four platforms, every status and classification, with the personas
 * of scripts/local/personas.ts in their roles. Values come from the seeded option lists
 * (functions/core/options/seed-values.ts); entries with a trial number carry exactly the metadata
 * that trial assigns, so the server's auto-fill changes nothing and each name is known beforehand
 * (it is the key that makes seeding idempotent). README.md ("Using it locally") names the
 * walkthrough entries; `WALKTHROUGH` below is the one place that says which they are.
 *
 * Who is who, everywhere below (docs/permissions.md):
 * - `lead` and `steward` are Value and Implementation Lead and Model Steward of most entries;
 * - `owner` is a Model Owner of most entries and creates many; `admin` creates a few without a role;
 * - `viewer` views many entries, drafts included, and only previews the others;
 * - `modeler` is Calibration / Scenario Modeler of the WebModel 2.0 entries;
 * - `vendor` (external) views a few entries that are neither THEOREM nor Confidential;
 * - `hta` (external HTA) is only a Display User, so no notification ever reaches it (a browser test
 *   relies on its empty bell);
 * - `employee` holds no role at all: published entries are previews for her (Request Access).
 */

export type DemoPersona = 'admin' | 'lead' | 'steward' | 'owner' | 'viewer' | 'modeler' | 'vendor' | 'hta';
export type DemoStatus = 'DRAFT' | 'PUBLISHED' | 'RETIRED';

/** A file the entry gets besides the standard set (files.ts), e.g. a confidential price list. */
export interface DemoExtraFile {
  kind: 'net-prices' | 'rebate-agreement' | 'data-cut';
  /** THEOREM data cuts: the as-of date of the cut and its label. */
  asOfDate?: string;
  label?: string;
  /** cdd 'Yes': only users with file access (and the file's owner) may download. */
  confidential?: boolean;
  /** Private files are managed elsewhere: nobody but the owner (and super users) downloads them. */
  private?: boolean;
  /** Users given file access (Manage File Access), by the entry's creator. */
  shareWith?: DemoPersona[];
}

export interface DemoNotification {
  by: DemoPersona;
  action: NotificationAction;
  note: string;
}

export interface DemoEntry {
  /** Stable key: tests and later seed steps (sub-models, runs) refer to entries by it. */
  key: string;
  creator: DemoPersona;
  status: DemoStatus;
  retireReason?: string;
  /** Key of the parent entry in the lineage (created, and published, before this one). */
  parent?: string;
  /** What the wizard sends: no steward fields (the server sets them) and no lineage ids. */
  metadata: ModelMetadata;
  roles: ModelRoles;
  extraFiles?: DemoExtraFile[];
  /** The budget impact workbook is uploaded again once: the file then has a version history. */
  revisedWorkbook?: boolean;
  /** THEOREM flags a super user sets on Oncology (THEOREM) entries. */
  theoremAccess?: Partial<Record<DemoPersona, TheoremFlags>>;
  notify?: DemoNotification;
  /**
   * A computing demo model (issue 11): the entry's files are those of models/demo/<modelDir>/ instead
   * of the standard set, and the 'runs' step (model-runs.ts) gives it sub-models and completed runs.
   */
  modelDir?: 'markov-cohort-r' | 'partitioned-survival-python' | 'budget-impact-excel';
}

interface ScopeInput {
  area: string;
  disease: string;
  products: string[];
  modelType: string;
  kind: ModelKind;
  countries?: string[];
  version: string;
  study?: string;
  suffix: string;
  platform: Platform;
  classification: InformationClassification;
  stage: string;
  /** The Mathematica environment a model runs in (a count on the Admin Space's Mathematica tab). */
  mathematica?: string;
  objective?: string;
  notes?: string;
  veap?: { id: string; name: string };
  revops?: string;
  mk?: string[];
}

const OBJECTIVES: Record<string, string> = {
  'Budget Impact Model': 'Estimate the five-year budget impact of introducing',
  'Cost-Effectiveness Model': 'Estimate the incremental cost per QALY gained with',
  'Partitioned Survival Model': 'Estimate survival, costs and QALYs (partitioned survival) with',
  'Markov Cohort Model': 'Estimate lifetime costs and QALYs with a Markov cohort model of',
  'Decision Tree Model': 'Compare short-term costs and outcomes in a decision tree of',
  'Dynamic Transmission Model': 'Project cases averted and the cost-effectiveness (dynamic transmission) of',
  'Individual Patient Microsimulation': 'Simulate individual patient histories, costs and QALYs with',
  'Discrete Event Simulation': 'Simulate time to events, costs and QALYs (discrete events) with',
  'Epidemiological Model': 'Project the disease burden addressed by',
  'Network Meta-Analysis': 'Compare the relative efficacy of the treatment network including',
  'Value Dossier Calculator': 'Support the value dossier with an interactive calculator for',
};

function metadata(s: ScopeInput): ModelMetadata {
  const global = s.kind === 'Global';
  const where = global ? 'from a global perspective' : `(${(s.countries ?? []).join(', ')})`;
  return {
    therapeutic_area: s.area,
    disease: s.disease,
    product: s.products,
    model_type: s.modelType,
    type: s.kind,
    global_adaptation: s.kind,
    global: global ? 'true' : 'false',
    ...(global ? {} : { country: s.countries ?? [] }),
    ...(s.study ? { study_number: s.study } : {}),
    version_release_of_model: s.version,
    version_log: `Version ${s.version}: ${s.stage.toLowerCase()} release of the ${s.modelType.toLowerCase()}.`,
    stage_of_model_development: s.stage,
    information_classification: s.classification,
    platform: s.platform,
    objective_of_model:
      s.objective ??
      `${OBJECTIVES[s.modelType] ?? 'Model'} ${s.products.join(' and ')} in ${s.disease.toLowerCase()} ${where}.`,
    indication: s.disease,
    suffix: s.suffix,
    ...(s.notes ? { notes: s.notes } : {}),
    ...(s.veap ? { veap_id: s.veap } : {}),
    ...(s.revops ? { revops_id: s.revops } : {}),
    ...(s.mk ? { mk_number: s.mk } : {}),
    ...(s.platform === 'WebModel 2.0' ? { python_environment: 'Python 3.11 (WebModel runtime)' } : {}),
    ...(s.mathematica ? { mathematica_environment: s.mathematica } : {}),
  };
}

function team(
  r: {
    lead?: string;
    steward?: string;
    owners?: string[];
    viewers?: string[];
    displayViewers?: string[];
    calibrationModelers?: string[];
    scenarioModelers?: string[];
  } = {},
): ModelRoles {
  return {
    vestLead: r.lead ?? 'lead',
    steward: r.steward ?? 'steward',
    owners: r.owners ?? ['owner'],
    viewers: r.viewers ?? ['viewer'],
    displayViewers: r.displayViewers ?? [],
    calibrationModelers: r.calibrationModelers ?? [],
    scenarioModelers: r.scenarioModelers ?? [],
  };
}

const webModelTeam = (extra: { displayViewers?: string[]; viewers?: string[] } = {}) =>
  team({ calibrationModelers: ['modeler'], scenarioModelers: ['modeler'], ...extra });

const ALL_THEOREM: TheoremFlags = {
  model_access: 'true',
  allow_access: 'true',
  data_cut_access: 'true',
  country_access: 'true',
};
const THEOREM_READER: TheoremFlags = { ...ALL_THEOREM, model_access: 'false' };

const netPrices = (shareWith: DemoPersona[] = []): DemoExtraFile => ({
  kind: 'net-prices',
  confidential: true,
  ...(shareWith.length > 0 ? { shareWith } : {}),
});

const dataCuts = (cuts: { asOfDate: string; label: string }[]): DemoExtraFile[] =>
  cuts.map((c) => ({ kind: 'data-cut', ...c }));

/** The entries README.md's walkthrough opens (keys into DEMO_ENTRIES). */
export const WALKTHROUGH = {
  /** Step 1: `owner` edits its files and notifies its users (`viewer` is a Model Viewer). */
  filesAndNotify: 'resp-cough-bim-us-v2',
  /** Step 2: a country entry whose net price list is confidential (cdd 'Yes'), shared with `lead`. */
  confidentialFile: 'vac-zoster-markov-de',
  /** Step 3: a published entry `employee` has no role on. */
  requestAccess: 'dia-t2dm-bim-mx',
} as const;

/** The confidential file of the step-2 entry (files.ts names it after the entry's country). */
export const WALKTHROUGH_CONFIDENTIAL_FILE = 'net_prices_germany.csv';

export const DEMO_ENTRIES: readonly DemoEntry[] = [
  // ---------- Oncology ----------
  {
    key: 'onc-nsclc-psm-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Non-small cell lung cancer',
      products: ['Zentravimab'],
      modelType: 'Partitioned Survival Model',
      kind: 'Global',
      version: '1.0',
      study: 'MR-1042-024',
      suffix: 'IA1 data cut',
      platform: 'Oncology',
      classification: 'Confidential',
      stage: 'Submitted to HTA',
      veap: { id: 'VEAP-2023-0141', name: 'Zentravimab 1L NSCLC global value evidence' },
      mk: ['MK-1042'],
    }),
    roles: team(),
    extraFiles: dataCuts([{ asOfDate: '2023-03-31', label: 'IA1' }]),
    theoremAccess: { owner: ALL_THEOREM, viewer: THEOREM_READER },
  },
  {
    key: 'onc-nsclc-psm-global-v2',
    creator: 'lead',
    status: 'PUBLISHED',
    parent: 'onc-nsclc-psm-global',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Non-small cell lung cancer',
      products: ['Zentravimab'],
      modelType: 'Partitioned Survival Model',
      kind: 'Global',
      version: '2.0',
      study: 'MR-1042-024',
      suffix: 'IA2 data cut',
      platform: 'Oncology',
      classification: 'Confidential',
      stage: 'Post-Submission Update',
      veap: { id: 'VEAP-2023-0141', name: 'Zentravimab 1L NSCLC global value evidence' },
      mk: ['MK-1042'],
    }),
    roles: team(),
    extraFiles: dataCuts([
      { asOfDate: '2023-03-31', label: 'IA1' },
      { asOfDate: '2024-01-31', label: 'IA2' },
    ]),
    theoremAccess: { owner: ALL_THEOREM, viewer: THEOREM_READER },
    notify: {
      by: 'lead',
      action: 'NEW_MODEL_VERSION',
      note: 'Version 2.0 re-fits the survival curves to the IA2 data cut (median follow-up 31 months).',
    },
  },
  {
    key: 'onc-nsclc-combo-psm',
    creator: 'admin',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Non-small cell lung cancer',
      products: ['Oncolira', 'Zentravimab'],
      modelType: 'Partitioned Survival Model',
      kind: 'Global',
      version: '1.1',
      study: 'MR-1042-189',
      suffix: 'Combination therapy',
      platform: 'Oncology',
      classification: 'Sensitive',
      stage: 'Validated',
    }),
    roles: team({ viewers: [] }),
    extraFiles: dataCuts([{ asOfDate: '2024-06-30', label: 'Primary analysis' }]),
    theoremAccess: { owner: ALL_THEOREM },
  },
  {
    key: 'onc-tnbc-cem',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Triple-negative breast cancer',
      products: ['Zentravimab'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Global',
      version: '1.0',
      study: 'MR-1042-355',
      suffix: 'Neoadjuvant setting',
      platform: 'Model Repository',
      classification: 'Confidential',
      stage: 'Validated',
      revops: 'REVOPS-8812',
    }),
    roles: team(),
  },
  {
    key: 'onc-melanoma-markov-global',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Melanoma',
      products: ['Tumivex'],
      modelType: 'Markov Cohort Model',
      kind: 'Global',
      version: '1.0',
      suffix: 'Adjuvant stage III',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: team({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'onc-melanoma-markov-uk',
    creator: 'owner',
    status: 'PUBLISHED',
    parent: 'onc-melanoma-markov-global',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Melanoma',
      products: ['Tumivex'],
      modelType: 'Markov Cohort Model',
      kind: 'Country Adaptation',
      countries: ['United Kingdom'],
      version: '1.0',
      suffix: 'NICE submission',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
    extraFiles: [netPrices()],
  },
  {
    key: 'onc-rcc-cem-jp',
    creator: 'lead',
    status: 'DRAFT',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Renal cell carcinoma',
      products: ['Zentravimab'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['Japan'],
      version: '0.9',
      suffix: 'Japan (Chuikyo)',
      platform: 'Oncology',
      classification: 'Sensitive',
      stage: 'Under Development',
      mathematica: 'Mathematica 13.3',
    }),
    roles: team(),
    extraFiles: dataCuts([{ asOfDate: '2024-09-30', label: 'Final OS' }]),
    theoremAccess: { owner: ALL_THEOREM },
  },
  {
    key: 'onc-chl-psm',
    creator: 'lead',
    status: 'RETIRED',
    retireReason: 'Superseded by the model on the 2024 data cut.',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Classical Hodgkin lymphoma',
      products: ['Zentravimab'],
      modelType: 'Partitioned Survival Model',
      kind: 'Global',
      version: '1.0',
      suffix: 'Relapsed or refractory',
      platform: 'Oncology',
      classification: 'Sensitive',
      stage: 'Archived',
    }),
    roles: team(),
  },
  {
    key: 'onc-endometrial-bim-ca',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Endometrial carcinoma',
      products: ['Oncolira'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Canada'],
      version: '1.0',
      suffix: 'Canada (CDA-AMC)',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Submitted to HTA',
    }),
    roles: team({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'onc-cervical-tree-latam',
    creator: 'steward',
    status: 'DRAFT',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Cervical cancer',
      products: ['Tumivex'],
      modelType: 'Decision Tree Model',
      kind: 'Country Adaptation',
      countries: ['Brazil', 'Mexico'],
      version: '0.3',
      suffix: 'Latin America',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Conceptual Design',
    }),
    roles: team(),
  },
  {
    key: 'onc-hnscc-psm-eu',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Oncology',
      disease: 'Recurrent or metastatic head and neck squamous cell carcinoma',
      products: ['Zentravimab'],
      modelType: 'Partitioned Survival Model',
      kind: 'Global + Country Adaptation',
      countries: ['France', 'Germany'],
      version: '2.1',
      suffix: 'EU5 core model',
      platform: 'Oncology',
      classification: 'Sensitive',
      stage: 'Post-Submission Update',
      mathematica: 'Wolfram Engine 14.1',
    }),
    roles: team({ owners: ['owner'], viewers: ['viewer'] }),
    extraFiles: dataCuts([{ asOfDate: '2022-11-30', label: 'Final analysis' }]),
    theoremAccess: { owner: ALL_THEOREM, viewer: THEOREM_READER },
  },

  // ---------- Vaccines (PNEU-insights and others) ----------
  {
    key: 'vac-pneumo-dtm-us',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Pneumococcal disease',
      products: ['Pneumoguard 20'],
      modelType: 'Dynamic Transmission Model',
      kind: 'Global + Country Adaptation',
      countries: ['United States'],
      version: '3.0',
      study: 'MR-2210-017',
      suffix: 'Adults 65 and over',
      platform: 'Pneumococcal Vaccines',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: team({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'vac-pneumo-cem-us',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Pneumococcal disease',
      products: ['Pneumoguard 15', 'Pneumoguard 20'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['United States'],
      version: '1.4',
      suffix: 'ACIP pediatric schedule',
      platform: 'Pneumococcal Vaccines',
      classification: 'Proprietary',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
  },
  {
    key: 'vac-pneumo-bim-de',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Pneumococcal disease',
      products: ['Pneumoguard 20'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Germany'],
      version: '1.0',
      suffix: 'Germany (STIKO)',
      platform: 'Pneumococcal Vaccines',
      classification: 'Sensitive',
      stage: 'Validated',
    }),
    roles: team({ viewers: [] }),
  },
  {
    key: 'vac-pneumo-epi-global',
    creator: 'owner',
    status: 'RETIRED',
    retireReason: 'Serotype data replaced by the 2024 surveillance update.',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Pneumococcal disease',
      products: ['Pneumoguard 15'],
      modelType: 'Epidemiological Model',
      kind: 'Global',
      version: '1.0',
      suffix: 'Serotype burden 2019',
      platform: 'Pneumococcal Vaccines',
      classification: 'Public',
      stage: 'Archived',
    }),
    roles: team(),
  },
  {
    key: 'vac-hpv-dtm-anz',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Human papillomavirus infection',
      products: ['Papillovax 9'],
      modelType: 'Dynamic Transmission Model',
      kind: 'Country Adaptation',
      countries: ['Australia', 'New Zealand'],
      version: '2.0',
      study: 'MR-2210-031',
      suffix: 'Gender-neutral vaccination',
      platform: 'WebModel 2.0',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: webModelTeam({ displayViewers: ['hta'] }),
  },
  {
    key: 'vac-rota-tree-asia',
    creator: 'steward',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Rotavirus gastroenteritis',
      products: ['Rotaquard'],
      modelType: 'Decision Tree Model',
      kind: 'Country Adaptation',
      countries: ['India', 'Indonesia'],
      version: '1.0',
      suffix: 'Gavi transition countries',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Validated',
    }),
    roles: team({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'vac-rsv-dtm-global',
    creator: 'lead',
    status: 'DRAFT',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Respiratory syncytial virus infection',
      products: ['Syncyvir'],
      modelType: 'Dynamic Transmission Model',
      kind: 'Global',
      version: '0.5',
      suffix: 'Maternal immunization',
      platform: 'WebModel 2.0',
      classification: 'Sensitive',
      stage: 'Under Development',
    }),
    roles: webModelTeam(),
  },
  {
    key: 'vac-flu-cem-east-asia',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Seasonal influenza',
      products: ['Influcare Quadrivalent'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['Japan', 'South Korea'],
      version: '1.0',
      suffix: 'Older adults',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: team(),
    extraFiles: [netPrices()],
  },

  // ---------- Virology, hepatology, infectious diseases ----------
  {
    key: 'vir-hiv-markov-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Virology',
      disease: 'HIV-1 infection',
      products: ['Retrovina'],
      modelType: 'Markov Cohort Model',
      kind: 'Global',
      version: '1.0',
      study: 'MR-3305-008',
      suffix: 'Treatment-naive adults',
      platform: 'WebModel 2.0',
      classification: 'Sensitive',
      stage: 'Validated',
    }),
    roles: webModelTeam(),
  },
  {
    key: 'vir-hiv-markov-za',
    creator: 'lead',
    status: 'DRAFT',
    parent: 'vir-hiv-markov-global',
    metadata: metadata({
      area: 'Virology',
      disease: 'HIV-1 infection',
      products: ['Retrovina'],
      modelType: 'Markov Cohort Model',
      kind: 'Country Adaptation',
      countries: ['South Africa'],
      version: '1.0',
      suffix: 'Public sector',
      platform: 'WebModel 2.0',
      classification: 'Sensitive',
      stage: 'Quality Control',
    }),
    roles: webModelTeam(),
  },
  {
    key: 'hep-hcv-markov-eg',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Hepatology',
      disease: 'Chronic hepatitis C',
      products: ['Hepacleara'],
      modelType: 'Markov Cohort Model',
      kind: 'Country Adaptation',
      countries: ['Egypt'],
      version: '2.0',
      suffix: 'Elimination programme',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Validated',
    }),
    roles: team(),
  },
  {
    key: 'id-cmv-tree-global',
    creator: 'admin',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Infectious Diseases',
      disease: 'Cytomegalovirus infection',
      products: ['Cytovirex'],
      modelType: 'Decision Tree Model',
      kind: 'Global',
      version: '1.0',
      suffix: 'Transplant prophylaxis',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: team(),
  },
  {
    key: 'id-cdiff-bim-es',
    creator: 'owner',
    status: 'RETIRED',
    retireReason: 'Hospital tariffs of 2021 no longer apply.',
    metadata: metadata({
      area: 'Infectious Diseases',
      disease: 'Clostridioides difficile infection',
      products: ['Difficlear'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Spain'],
      version: '1.0',
      suffix: 'Hospital perspective',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Archived',
    }),
    roles: team(),
  },

  // ---------- Diabetes and cardiovascular ----------
  {
    key: 'dia-t2dm-ipm-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Diabetes and Endocrinology',
      disease: 'Type 2 diabetes mellitus',
      products: ['Glucora', 'Glucora XR'],
      modelType: 'Individual Patient Microsimulation',
      kind: 'Global',
      version: '4.2',
      study: 'MR-4120-002',
      suffix: 'Second-line therapy',
      platform: 'WebModel 2.0',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: webModelTeam({ displayViewers: ['hta'] }),
  },
  {
    key: 'dia-t2dm-cem-br',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Diabetes and Endocrinology',
      disease: 'Type 2 diabetes mellitus',
      products: ['Glucora'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['Brazil'],
      version: '1.0',
      suffix: 'Brazil (CONITEC)',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
    extraFiles: [netPrices()],
  },
  {
    key: 'cv-hefh-cem-nl',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Cardiovascular',
      disease: 'Heterozygous familial hypercholesterolemia',
      products: ['Lipidrax'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['Netherlands'],
      version: '1.0',
      suffix: 'Netherlands (ZIN)',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
    extraFiles: [netPrices(['steward'])],
  },
  {
    key: 'cv-hfref-markov-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Cardiovascular',
      disease: 'Heart failure with reduced ejection fraction',
      products: ['Cardiolin'],
      modelType: 'Markov Cohort Model',
      kind: 'Global',
      version: '2.0',
      suffix: 'NYHA class II-IV',
      platform: 'WebModel 2.0',
      classification: 'Sensitive',
      stage: 'Validated',
    }),
    roles: webModelTeam(),
  },
  {
    key: 'cv-pah-des-global',
    creator: 'owner',
    status: 'DRAFT',
    metadata: metadata({
      area: 'Cardiovascular',
      disease: 'Pulmonary arterial hypertension',
      products: ['Pulmoventa'],
      modelType: 'Discrete Event Simulation',
      kind: 'Global',
      version: '0.8',
      suffix: 'Sequential therapy',
      platform: 'Model Repository',
      classification: 'Confidential',
      stage: 'Quality Control',
    }),
    roles: team(),
  },

  // ---------- Respiratory ----------
  {
    key: 'resp-cough-bim-us',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Respiratory',
      disease: 'Chronic cough',
      products: ['Tussiva'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['United States'],
      version: '1.0',
      study: 'MR-5077-011',
      suffix: 'US payer perspective',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
  },
  {
    key: 'resp-cough-cem-uk',
    creator: 'steward',
    status: 'DRAFT',
    metadata: metadata({
      area: 'Respiratory',
      disease: 'Chronic cough',
      products: ['Tussiva'],
      modelType: 'Cost-Effectiveness Model',
      kind: 'Country Adaptation',
      countries: ['United Kingdom'],
      version: '0.9',
      suffix: 'Refractory chronic cough',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Under Development',
    }),
    roles: team({ viewers: [] }),
  },

  // ---------- Immunology ----------
  {
    key: 'imm-ad-markov-eu',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Immunology',
      disease: 'Moderate-to-severe atopic dermatitis',
      products: ['Dermelia'],
      modelType: 'Markov Cohort Model',
      kind: 'Country Adaptation',
      countries: ['France', 'Italy'],
      version: '1.3',
      suffix: 'Adolescents and adults',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
    extraFiles: [netPrices(['lead'])],
  },
  {
    key: 'imm-uc-markov-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Immunology',
      disease: 'Ulcerative colitis',
      products: ['Colivanta'],
      modelType: 'Markov Cohort Model',
      kind: 'Global',
      version: '1.0',
      suffix: 'Biologic-experienced',
      platform: 'WebModel 2.0',
      classification: 'Proprietary',
      stage: 'Validated',
    }),
    roles: webModelTeam({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'imm-uc-bim-ca',
    creator: 'owner',
    status: 'DRAFT',
    parent: 'imm-uc-markov-global',
    metadata: metadata({
      area: 'Immunology',
      disease: 'Ulcerative colitis',
      products: ['Colivanta'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Canada'],
      version: '1.0',
      suffix: 'Ontario public plan',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Under Development',
    }),
    roles: team(),
  },

  // ---------- Neuroscience, women's health, rare diseases ----------
  {
    key: 'neuro-alz-ipm-global',
    creator: 'lead',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Neuroscience',
      disease: 'Alzheimer disease',
      products: ['Neurodexa'],
      modelType: 'Individual Patient Microsimulation',
      kind: 'Global',
      version: '1.0',
      suffix: 'Early symptomatic disease',
      platform: 'Model Repository',
      classification: 'Confidential',
      stage: 'Validated',
    }),
    roles: team({ owners: ['owner'], viewers: [] }),
  },
  {
    key: 'neuro-alz-bim-nordics',
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Neuroscience',
      disease: 'Alzheimer disease',
      products: ['Neurodexa'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Denmark', 'Finland', 'Norway', 'Sweden'],
      version: '1.0',
      suffix: 'Nordic countries',
      platform: 'Model Repository',
      classification: 'Sensitive',
      stage: 'Submitted to HTA',
    }),
    roles: team(),
    extraFiles: [netPrices()],
  },
  {
    key: 'wh-cervical-dossier-pl',
    creator: 'steward',
    status: 'PUBLISHED',
    metadata: metadata({
      area: "Women's Health",
      disease: 'Cervical cancer',
      products: ['Papillovax 9'],
      modelType: 'Value Dossier Calculator',
      kind: 'Country Adaptation',
      countries: ['Poland'],
      version: '1.0',
      suffix: 'Screening and vaccination',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Validated',
    }),
    roles: team({ viewers: ['viewer', 'vendor'] }),
  },
  {
    key: 'rare-pah-nma-global',
    creator: 'admin',
    status: 'RETIRED',
    retireReason: 'Replaced by the living network meta-analysis of 2025.',
    metadata: metadata({
      area: 'Rare Diseases',
      disease: 'Pulmonary arterial hypertension',
      products: ['Pulmoventa'],
      modelType: 'Network Meta-Analysis',
      kind: 'Global',
      version: '1.0',
      suffix: 'Systematic literature review 2022',
      platform: 'Model Repository',
      classification: 'Sensitive',
      stage: 'Archived',
    }),
    roles: team(),
  },

  // ---------- The walkthrough entries, created last: the list shows the newest first ----------
  {
    key: WALKTHROUGH.requestAccess,
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Diabetes and Endocrinology',
      disease: 'Type 2 diabetes mellitus',
      products: ['Glucora XR'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['Mexico'],
      version: '2.0',
      suffix: 'Mexico (IMSS)',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Validated',
    }),
    roles: team(),
  },
  {
    key: WALKTHROUGH.confidentialFile,
    creator: 'owner',
    status: 'PUBLISHED',
    metadata: metadata({
      area: 'Vaccines',
      disease: 'Herpes zoster',
      products: ['Zosteril'],
      modelType: 'Markov Cohort Model',
      kind: 'Country Adaptation',
      countries: ['Germany'],
      version: '1.2',
      suffix: 'Germany (STIKO)',
      platform: 'Model Repository',
      classification: 'Proprietary',
      stage: 'Submitted to HTA',
      notes: 'The net price list is confidential: ask the file owner for access.',
    }),
    roles: team(),
    extraFiles: [netPrices(['lead']), { kind: 'rebate-agreement', confidential: true, private: true }],
    notify: {
      by: 'owner',
      action: 'FILES_MODIFIED',
      note: 'Confidential net prices for Germany added (inputs/net_prices_germany.csv).',
    },
  },
  {
    key: WALKTHROUGH.filesAndNotify,
    creator: 'owner',
    status: 'PUBLISHED',
    parent: 'resp-cough-bim-us',
    metadata: metadata({
      area: 'Respiratory',
      disease: 'Chronic cough',
      products: ['Tussiva'],
      modelType: 'Budget Impact Model',
      kind: 'Country Adaptation',
      countries: ['United States'],
      version: '2.0',
      study: 'MR-5077-011',
      suffix: 'US payer perspective',
      platform: 'Model Repository',
      classification: 'Public',
      stage: 'Post-Submission Update',
    }),
    roles: team(),
    revisedWorkbook: true,
    notify: {
      by: 'owner',
      action: 'NEW_MODEL_VERSION',
      note: 'Version 2.0 extends the horizon to 2030 and updates the uptake assumptions.',
    },
  },

  // ---------- Models that compute (issue 11): real models with sub-models and completed runs ----------
  {
    key: 'demo-run-markov-r',
    creator: 'lead',
    status: 'PUBLISHED',
    modelDir: 'markov-cohort-r',
    metadata: computing(
      metadata({
        area: 'Cardiovascular',
        disease: 'Heart failure with reduced ejection fraction',
        products: ['Cardiolin'],
        modelType: 'Markov Cohort Model',
        kind: 'Global',
        version: '1.0',
        suffix: 'R 3-state Markov cohort cost-effectiveness model (runs)',
        platform: 'WebModel 2.0',
        classification: 'Public',
        stage: 'Validated',
        objective:
          'Estimate discounted costs, QALYs and the ICER of Cardiolin against standard care with a 3-state (healthy, sick, dead) Markov cohort model in R.',
      }),
      false,
    ),
    roles: webModelTeam(),
  },
  {
    key: 'demo-run-psm-python',
    creator: 'lead',
    status: 'PUBLISHED',
    modelDir: 'partitioned-survival-python',
    metadata: computing(
      metadata({
        area: 'Oncology',
        disease: 'Non-small cell lung cancer',
        products: ['Zentravimab'],
        modelType: 'Partitioned Survival Model',
        kind: 'Global',
        version: '1.0',
        suffix: 'Python partitioned survival model with Weibull calibration (runs)',
        platform: 'WebModel 2.0',
        classification: 'Public',
        stage: 'Validated',
      }),
      true,
    ),
    roles: webModelTeam(),
  },
  {
    key: 'demo-run-bim-excel',
    creator: 'lead',
    // A draft: changing its files after its runs marks them outdated (001 §4), which the README shows.
    status: 'DRAFT',
    modelDir: 'budget-impact-excel',
    metadata: computing(
      metadata({
        area: 'Diabetes and Endocrinology',
        disease: 'Type 2 diabetes mellitus',
        products: ['Glucora'],
        modelType: 'Budget Impact Model',
        kind: 'Global',
        version: '1.0',
        suffix: 'Excel five-year budget impact workbook (runs)',
        platform: 'WebModel 2.0',
        classification: 'Public',
        stage: 'Validated',
      }),
      false,
    ),
    roles: webModelTeam(),
  },
];

/**
 * A computing entry's language follows its metadata (entryLanguage): a Python environment makes it
 * Python; without one, R and Excel entries are told apart by their main file.
 */
function computing(m: ModelMetadata, python: boolean): ModelMetadata {
  if (python) return m;
  const { python_environment: _python, ...rest } = m;
  return rest;
}

/**
 * Created last and one by one, in this order: the list (newest first) opens on the walkthrough
 * entries in the README's order.
 */
export const SPOTLIGHT_KEYS: readonly string[] = [
  WALKTHROUGH.requestAccess,
  WALKTHROUGH.confidentialFile,
  WALKTHROUGH.filesAndNotify,
];

/** The generated name of an entry (000 §5), as the server assembles it. */
export function demoEntryName(entry: DemoEntry): string {
  return assembleModelName(entry.metadata);
}

export function demoEntry(key: string): DemoEntry {
  const found = DEMO_ENTRIES.find((e) => e.key === key);
  if (!found) throw new Error(`Unknown demo entry '${key}'`);
  return found;
}
