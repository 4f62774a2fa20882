import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import type { TextHunk } from '@shared/schemas/compare';
import { useEffect, useMemo, useRef } from 'react';
import { hunkDocuments } from './hunk-documents';
import { useElementWidth } from './use-element-width';

export const NO_CHANGES_FOUND = 'No changes found';
/** 000 §9: side by side when the pane is wider than 1000 px, unified below. */
export const SIDE_BY_SIDE_MIN_WIDTH = 1000;

/** A read-only editor whose gutter shows each line's number in its file (blank on hunk headers). */
function sideExtensions(numbers: readonly (number | null)[], label: string): Extension[] {
  return [
    EditorState.readOnly.of(true),
    EditorView.editable.of(false),
    lineNumbers({ formatNumber: (line) => String(numbers[line - 1] ?? '') }),
    EditorView.contentAttributes.of({ 'aria-label': label }),
  ];
}

/**
 * The line diff of a text file pair (000 §2 "side by side when width is above 1000, otherwise
 * unified") with @codemirror/merge: MergeView for two panes, unifiedMergeView for one.
 */
export function TextDiffView({
  hunks,
  beforeLabel,
  afterLabel,
}: {
  hunks: readonly TextHunk[];
  beforeLabel: string;
  afterLabel: string;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const width = useElementWidth(pane);
  const sideBySide = width > SIDE_BY_SIDE_MIN_WIDTH;
  const docs = useMemo(() => hunkDocuments(hunks), [hunks]);

  useEffect(() => {
    const parent = host.current;
    if (!parent || hunks.length === 0) return;
    if (sideBySide) {
      const view = new MergeView({
        a: { doc: docs.a, extensions: sideExtensions(docs.aLines, beforeLabel) },
        b: { doc: docs.b, extensions: sideExtensions(docs.bLines, afterLabel) },
        parent,
        gutter: true,
      });
      return () => view.destroy();
    }
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: docs.b,
        extensions: [
          ...sideExtensions(docs.bLines, `${beforeLabel} → ${afterLabel}`),
          unifiedMergeView({ original: docs.a, mergeControls: false, gutter: true }),
        ],
      }),
    });
    return () => view.destroy();
  }, [docs, sideBySide, hunks.length, beforeLabel, afterLabel]);

  return (
    <div ref={pane} className="mr-text-diff">
      {hunks.length === 0 ? (
        <p className="mr-versions__empty">{NO_CHANGES_FOUND}</p>
      ) : (
        <>
          {sideBySide && (
            <div className="mr-text-diff__sides" aria-hidden="true">
              <span>{beforeLabel}</span>
              <span>{afterLabel}</span>
            </div>
          )}
          <div
            ref={host}
            className="mr-text-diff__view"
            data-layout={sideBySide ? 'side-by-side' : 'unified'}
          />
        </>
      )}
    </div>
  );
}
