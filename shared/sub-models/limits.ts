/** Business constants of sub-models, parameters and instances (spec 001 §9 and §5). */
export const SUB_MODEL_LIMITS = {
  stringParameterLength: 255,
  arrayColumnLength: 200,
  timeoutMinutes: { min: 1, max: 1440 },
  instanceNameMax: 200,
  instanceLabelMax: 50,
  groupNameMax: 20,
  /** A sub-model's output directory path (ours: the spec states none; one file-system name's limit). */
  outputPathMax: 255,
  /** Parameter files and help files. */
  parameterFileBytes: 1_048_576,
  /** A file parameter's size (MB): default 1, and the tooltip says not above 1 MB. */
  fileParameterSizeMb: { default: 1, max: 1 },
  nameCheckDebounceMs: 1000,
  searchDebounceMs: 100,
  parameterValidationDebounceMs: 200,
  instancePageSize: 20,
  pageSizeOptions: [10, 20, 50, 100],
  modelInputPageSize: 1000,
  groupPageSize: 10_000,
  shareUserSearchLimit: 10,
  /** Filter lists: a search box above 10 options; above 12 only 10 shown with 'Show N More'. */
  filterSearchAbove: 10,
  filterCollapseAbove: 12,
  filterCollapsedCount: 10,
} as const;
