import { type MacroLine, type MacroSummary, visibleMacroLines } from '@shared/diffs/macros';
import type { TextHunk } from '@shared/schemas/compare';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { useId, useMemo, useState } from 'react';
import { type DiffSource, macroDiffQuery } from '../../../../api/versions';
import { Spinner } from '../../../../components/ui/spinner';
import type { VersionUrlState } from '../../version-url-state';
import { TextDiffView } from '../compare/text-diff-view';
import { DiffFailed } from './diff-messages';

export const SHOW_COSMETIC = 'Show letter-case and Attribute line changes';

/** A module's tagged lines as one hunk, so the text diff view shows them like any text file. */
export function macroHunk(lines: readonly MacroLine[]): TextHunk[] {
  if (!lines.some((l) => l.tag !== 'equal')) return [];
  const mark = { equal: ' ', plus: '+', minus: '-' } as const;
  return [
    {
      oldStart: 1,
      oldLines: lines.filter((l) => l.tag !== 'plus').length,
      newStart: 1,
      newLines: lines.filter((l) => l.tag !== 'minus').length,
      lines: lines.map((l) => `${mark[l.tag]}${l.text}`),
    },
  ];
}

function ModuleDiff({
  source,
  module,
  showCosmetic,
}: {
  source: DiffSource;
  module: string;
  showCosmetic: boolean;
}) {
  const query = useQuery(macroDiffQuery(source, module));
  const hunks = useMemo(
    () => (query.data ? macroHunk(visibleMacroLines(query.data.lines, showCosmetic)) : []),
    [query.data, showCosmetic],
  );
  if (query.isPending) return <Spinner label={`Loading ${module}`} />;
  if (query.isError) return <DiffFailed error={query.error} />;
  return <TextDiffView hunks={hunks} beforeLabel={`A: ${module}`} afterLabel={`B: ${module}`} />;
}

/**
 * The Macros tab: each VBA module with its status and its text diff. The VBA editor re-capitalises
 * names and rewrites `Attribute` lines by itself; those changes are hidden unless the toggle is on.
 */
export function MacrosPanel({
  source,
  macros,
  macrosError,
  state,
  update,
}: {
  source: DiffSource;
  macros: readonly MacroSummary[];
  /** Why the VBA project could not be read. */
  macrosError?: string;
  state: VersionUrlState;
  update: (next: (current: VersionUrlState) => VersionUrlState) => void;
}) {
  const [showCosmetic, setShowCosmetic] = useState(false);
  const toggleId = useId();
  if (macros.length === 0)
    return <p className="mr-versions__empty">{macrosError ?? 'Neither workbook has VBA modules.'}</p>;
  const module =
    macros.find((m) => m.name === state.macro) ?? macros.find((m) => m.status !== 'unchanged') ?? macros[0];
  return (
    <div className="mr-macros">
      <div className="mr-macros__toggle">
        <Checkbox
          inputId={toggleId}
          checked={showCosmetic}
          onChange={(e) => setShowCosmetic(Boolean(e.checked))}
        />
        <label htmlFor={toggleId}>{SHOW_COSMETIC}</label>
      </div>
      <div className="mr-macros__body">
        <ul className="mr-macros__list" aria-label="VBA modules">
          {macros.map((m) => (
            <li key={m.name}>
              <button
                type="button"
                className={`mr-macros__module mr-sheet-status--${m.status}`}
                aria-current={m === module ? 'true' : undefined}
                onClick={() => update((s) => ({ ...s, macro: m.name }))}
              >
                {m.name} <span className="mr-macros__status">{m.status}</span>
                {m.cosmeticLines > 0 && showCosmetic && (
                  <span className="mr-macros__status"> ({m.cosmeticLines} cosmetic)</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {module && <ModuleDiff source={source} module={module.name} showCosmetic={showCosmetic} />}
      </div>
    </div>
  );
}
