import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HELP_FILE_TAG } from '@shared/schemas/sub-models-api';
import { describe, expect, it } from 'vitest';
import { isValidFileName } from '../../../functions/core/uploads/file-rules';
import { demoEntry } from './catalogue';
import { COMPUTING_ENTRIES, modelDirFiles } from './model-runs';

/** The files each computing demo entry is uploaded with (the runs of model-runs.ts need them). */
describe('the computing demo entries’ files', () => {
  it('upload every model file of their folder, the main file first, with valid names', async () => {
    for (const entry of COMPUTING_ENTRIES) {
      const files = await modelDirFiles(entry);
      const dir = join('models', 'demo', entry.modelDir as string);
      const modelFiles = (await readdir(dir)).filter((name) => /\.(py|R|xlsx)$/.test(name));
      expect(
        files.filter((f) => f.path === '').map((f) => f.name),
        entry.key,
      ).toEqual(expect.arrayContaining(modelFiles));
      expect(
        files.filter((f) => f.mainFile).map((f) => f.name),
        entry.key,
      ).toHaveLength(1);
      expect(files[0]?.mainFile, entry.key).toBe(true);
      for (const f of files) expect(isValidFileName(f.name), f.name).toBe(true);
    }
  });

  it('give the Python entry its calibration, its display model and the sample data as a help file', async () => {
    const files = await modelDirFiles(demoEntry('demo-run-psm-python'));
    const byName = new Map(files.map((f) => [f.name, f]));
    expect(byName.get('partitioned_survival.py')?.mainFile).toBe(true);
    expect(byName.get('calibrate.py')).toMatchObject({ fileTag: 'Code', mainFile: false });
    expect(byName.get('display.py')).toMatchObject({ fileTag: 'Code', mainFile: false });
    expect(byName.get('km_comparator.csv')).toMatchObject({ path: 'data', fileTag: HELP_FILE_TAG });
  });
});
