import { describe, expect, it } from 'vitest';
import type { ModelMetadata } from '../schemas/model';
import {
  blocksCreate,
  blocksPublish,
  checkPublishIssues,
  highestSeverity,
  PUBLISH_MESSAGES,
} from './publish-checks';

const metadata: ModelMetadata = {
  disease: 'NSCLC',
  product: ['Alpha'],
  therapeutic_area: 'Oncology',
  model_type: 'Markov',
  stage_of_model_development: 'Final',
  information_classification: 'Public',
  type: 'Global',
  version_release_of_model: '1',
  email_for_model_steward: 'steward@example.com',
  isid_of_model_steward: 'steward',
  global: 'true',
  version_log: 'First release',
  changelog_file: 'file-1',
  veap_id: { id: 'V-1' },
  tree_root_id: 'root',
};
const ready = { metadata, vestLead: 'lead', steward: 'steward', fileCount: 1, parentSelected: false };

describe('checkPublishIssues', () => {
  it('finds no issue for a complete entry', () => {
    expect(checkPublishIssues(ready)).toEqual([]);
    expect(highestSeverity([])).toBe('OK');
  });

  it('warns, without blocking, about a missing version log, changelog and VEAP ID', () => {
    const issues = checkPublishIssues({
      ...ready,
      metadata: { ...metadata, version_log: undefined, changelog_file: undefined, veap_id: undefined },
    });
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['WARNING', 'Version Log is missing'],
      ['WARNING', 'Changelog File is missing'],
      ['WARNING', 'VEAP ID is missing'],
    ]);
    expect(blocksPublish(issues)).toBe(false);
  });

  it('blocks publishing, but not creation, when there is no file', () => {
    const issues = checkPublishIssues({ ...ready, fileCount: 0 });
    expect(issues).toEqual([{ severity: 'ERROR_PUBLISH', message: 'Files is missing', field: 'files' }]);
    expect(blocksPublish(issues)).toBe(true);
    expect(blocksCreate(issues)).toBe(false);
  });

  it('blocks creation when the steward or the lead is missing', () => {
    const issues = checkPublishIssues({ ...ready, steward: undefined, vestLead: undefined });
    expect(issues.map((i) => i.message)).toEqual([
      'Model Steward is missing',
      'Value and Implementation Lead is missing',
    ]);
    expect(blocksCreate(issues)).toBe(true);
  });

  it('blocks creation when required metadata is missing', () => {
    const issues = checkPublishIssues({ ...ready, metadata: { ...metadata, disease: undefined } });
    expect(issues).toEqual([{ severity: 'ERROR_CREATE', message: 'Disease is missing', field: 'disease' }]);
  });

  it('refuses an invalid parent and a model that is not in a lineage', () => {
    expect(
      checkPublishIssues({
        ...ready,
        parentSelected: true,
        parentValid: false,
        metadata: { ...metadata, tree_parent_id: 'p' },
      }).map((i) => i.message),
    ).toEqual([PUBLISH_MESSAGES.invalidParent]);
    expect(
      checkPublishIssues({ ...ready, metadata: { ...metadata, tree_root_id: undefined } }).map(
        (i) => i.message,
      ),
    ).toEqual([PUBLISH_MESSAGES.notConnected]);
  });
});
