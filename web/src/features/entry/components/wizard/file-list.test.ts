// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanTag, folderOf } from '../../../../lib/new-files';
import { fileListReducer, showTypeChooser, tagChoices, type WizardFile } from './file-list';

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
const add = (list: WizardFile[], ...names: string[]) =>
  fileListReducer(list, { type: 'add', files: names.map((n) => ({ file: file(n), path: '' })) });

describe('wizard file list', () => {
  it('adds files, and a file picked again replaces the earlier one', () => {
    let list = add([], 'model.xlsx', 'report.pdf');
    list = fileListReducer(list, { type: 'tag', key: 'model.xlsx', tag: 'Model' });
    list = add(list, 'model.xlsx');
    expect(list.map((f) => f.key)).toEqual(['model.xlsx', 'report.pdf']);
    expect(list[0]?.fileTag).toBe('Model');
    expect(list[0]?.upload).toBe('pending');
  });

  it('keeps folder paths from a folder pick', () => {
    expect(folderOf('models/base/model.xlsx')).toBe('models/base');
    expect(folderOf('model.xlsx')).toBe('');
    const list = fileListReducer([], { type: 'add', files: [{ file: file('a.R'), path: 'src' }] });
    expect(list[0]?.key).toBe('src/a.R');
  });

  it('deletes one file', () => {
    const list = fileListReducer(add([], 'a.xlsx', 'b.pdf'), { type: 'remove', key: 'a.xlsx' });
    expect(list.map((f) => f.name)).toEqual(['b.pdf']);
  });

  it('offers the type chooser only when more than one file is selected', () => {
    let list = add([], 'a.xlsx', 'b.pdf', 'c.docx');
    list = fileListReducer(list, { type: 'select', key: 'a.xlsx', selected: true });
    expect(showTypeChooser(list)).toBe(false);
    list = fileListReducer(list, { type: 'select', key: 'b.pdf', selected: true });
    expect(showTypeChooser(list)).toBe(true);
  });

  it('tags the selected files with letters only, at most 25', () => {
    let list = add([], 'a.xlsx', 'b.pdf', 'c.docx');
    list = fileListReducer(list, { type: 'selectAll', selected: true });
    list = fileListReducer(list, { type: 'select', key: 'c.docx', selected: false });
    list = fileListReducer(list, { type: 'tagSelected', tag: 'Input-Data 2024' });
    expect(list.map((f) => f.fileTag)).toEqual(['InputData', 'InputData', undefined]);
    expect(cleanTag('A'.repeat(30))).toHaveLength(25);
  });

  it('keeps one main model file', () => {
    let list = add([], 'a.xlsx', 'b.xlsx');
    list = fileListReducer(list, { type: 'main', key: 'a.xlsx', main: true });
    list = fileListReducer(list, { type: 'main', key: 'b.xlsx', main: true });
    expect(list.map((f) => f.mainFile)).toEqual([false, true]);
  });

  it('tracks upload progress per file', () => {
    let list = add([], 'a.xlsx', 'b.pdf');
    list = fileListReducer(list, { type: 'uploadStarted', ids: { 'a.xlsx': 'f1', 'b.pdf': 'f2' } });
    list = fileListReducer(list, { type: 'progress', key: 'a.xlsx', progress: 40 });
    list = fileListReducer(list, { type: 'failed', key: 'b.pdf' });
    expect(list.map((f) => [f.upload, f.progress, f.uploadFileId])).toEqual([
      ['uploading', 40, 'f1'],
      ['failed', 0, 'f2'],
    ]);
  });

  it('offers existing types and a new one as (Create New)', () => {
    expect(tagChoices(['Model', 'Report'], [], 'mod')).toEqual({ matches: ['Model'], createNew: 'mod' });
    expect(tagChoices(['Model', 'Report'], [], 'model')).toEqual({
      matches: ['Model'],
      createNew: undefined,
    });
    expect(tagChoices(['Model'], [], '').createNew).toBeUndefined();
  });
});
