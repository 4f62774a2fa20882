import type { RunResult } from '@shared/schemas/run-result';
import {
  type AnalysisKind,
  DEFAULT_CHART_HEIGHT_PX,
  RESULTS_RENDERING_DELAY_MS,
  resultPageTitle,
} from '@shared/visualization';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { ResultChart } from './result-chart';
import { groupResult, type ResultGroup } from './result-groups';
import { ResultTable } from './result-table';
import './result.css';

export interface ResultViewProps {
  result: RunResult;
  /** What the analysis displays, for the default page title (spec 001 §2); null when unknown (a test file). */
  analysisKind?: AnalysisKind;
  /** Draw the page title (h1). The flow page may draw its own from `resultPageTitle`. */
  showTitle?: boolean;
}

/** A section's elements; memoised, so that typing in the section search does not draw every table again. */
const Elements = memo(function Elements({ group, result }: { group: ResultGroup; result: RunResult }) {
  const height = result.options?.chart?.height ?? DEFAULT_CHART_HEIGHT_PX;
  const legendPosition = result.options?.legend?.position;
  return (
    <>
      {group.text?.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={index} className="mr-result-text">
          {paragraph}
        </p>
      ))}
      {group.elements.map(({ element, index }) => {
        switch (element.kind) {
          case 'error':
            return (
              <div key={index} role="note" className="mr-result-error">
                {element.title && <strong>{element.title}: </strong>}
                {element.message}
              </div>
            );
          case 'table':
            return <ResultTable key={index} element={element} />;
          case 'chart':
            return (
              <ResultChart key={index} element={element} height={height} legendPosition={legendPosition} />
            );
          default:
            return null;
        }
      })}
    </>
  );
});

/**
 * Step 3's result (spec 001 §2, §3): the section list (search, expand/collapse, visibility ticks) beside
 * the result's sections, errors, tables and charts.
 *
 * Usage (the flow's render page): `<ResultView result={runResult} analysisKind="scenario" />`, or pass
 * `showTitle={false}` and draw `resultPageTitle(result, kind)` in the page header. The view draws the
 * result 10 ms after it arrives (the results rendering delay of §9), so the page's progress message and
 * title paint first. Print: the section list is hidden and every shown section is expanded
 * (`mr-result-*` classes in result.css).
 */
export function ResultView({ result, analysisKind = null, showTitle = true }: ResultViewProps) {
  const groups = useMemo(() => groupResult(result), [result]);
  const [query, setQuery] = useState('');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [drawn, setDrawn] = useState<RunResult | null>(null);
  const idBase = useId();

  useEffect(() => {
    setHidden(new Set());
    setCollapsed(new Set());
    const timer = setTimeout(() => setDrawn(result), RESULTS_RENDERING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const needle = query.trim().toLowerCase();
  const listed = needle ? groups.filter((group) => group.title.toLowerCase().includes(needle)) : groups;
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const title = resultPageTitle(result, analysisKind);

  return (
    <div className="mr-result">
      {showTitle && <h1 className="mr-result-title">{title}</h1>}
      <div className="mr-result-layout">
        <nav className="mr-result-sections" aria-label="Result sections">
          <input
            type="search"
            className="p-inputtext mr-result-search"
            placeholder="Search sections"
            aria-label="Search sections"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <div className="mr-result-section-actions">
            <button type="button" className="mr-result-link" onClick={() => setCollapsed(new Set())}>
              Expand all
            </button>
            <button
              type="button"
              className="mr-result-link"
              onClick={() => setCollapsed(new Set(groups.map((group) => group.id)))}
            >
              Collapse all
            </button>
          </div>
          {listed.length === 0 ? (
            <p className="mr-result-muted">No sections match.</p>
          ) : (
            <ul>
              {listed.map((group) => (
                <li key={group.id} style={{ paddingLeft: `${(group.level - 1) * 0.75}rem` }}>
                  <label>
                    <input
                      type="checkbox"
                      checked={!hidden.has(group.id)}
                      onChange={() => setHidden((set) => toggle(set, group.id))}
                    />{' '}
                    {group.title}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="mr-result-body">
          {drawn !== result ? (
            <p className="mr-result-muted">Drawing the result…</p>
          ) : groups.length === 0 ? (
            <p className="mr-result-muted">The result has no elements.</p>
          ) : (
            groups
              .filter((group) => !hidden.has(group.id))
              .map((group) => {
                const open = !collapsed.has(group.id);
                const headingId = `${idBase}-${group.id}`;
                const Heading = `h${Math.min(group.level + 1, 6)}` as 'h2';
                return (
                  <section key={group.id} className="mr-result-section" aria-labelledby={headingId}>
                    <Heading className="mr-result-section-title">
                      <button
                        type="button"
                        id={headingId}
                        aria-expanded={open}
                        onClick={() => setCollapsed((set) => toggle(set, group.id))}
                      >
                        <span
                          className={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                          aria-hidden="true"
                        />{' '}
                        {group.title}
                      </button>
                    </Heading>
                    {open && <Elements group={group} result={result} />}
                  </section>
                );
              })
          )}
        </div>
      </div>
    </div>
  );
}
