import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIMES, modelCommand, pickEntry } from './languages';

describe('pickEntry', () => {
  it('takes the only file of the language closest to the top', () => {
    expect(pickEntry('Python', ['lib/helpers.py', 'simulate.py', 'data.csv'])).toEqual({
      entry: 'simulate.py',
    });
    expect(pickEntry('R', ['R/fit.r', 'README.md', 'analysis.R'])).toEqual({ entry: 'analysis.R' });
    expect(pickEntry('ExcelNative', ['inputs.csv', 'model/Budget.XLSM'])).toEqual({
      entry: 'model/Budget.XLSM',
    });
  });

  it('prefers main, model or run among several', () => {
    expect(pickEntry('Python', ['fit.py', 'model.py', 'plot.py'])).toEqual({ entry: 'model.py' });
  });

  it('returns the candidates when it cannot choose', () => {
    expect(pickEntry('Python', ['b.py', 'a.py'])).toEqual({ candidates: ['a.py', 'b.py'] });
    expect(pickEntry('R', ['model.py'])).toEqual({ candidates: [] });
  });
});

describe('modelCommand', () => {
  it('starts Debian’s interpreters, without user site-packages or R profiles', () => {
    expect(modelCommand('Python', 'model.py', DEFAULT_RUNTIMES)).toEqual({
      command: '/usr/bin/python3',
      args: ['-s', 'model.py'],
    });
    expect(modelCommand('R', 'model.R', DEFAULT_RUNTIMES)).toEqual({
      command: '/usr/bin/Rscript',
      args: ['--vanilla', 'model.R'],
    });
    expect(modelCommand('ExcelNative', 'book.xlsx', DEFAULT_RUNTIMES).args[1]).toMatch(
      /excel\/recalculate\.py$/,
    );
  });
});
