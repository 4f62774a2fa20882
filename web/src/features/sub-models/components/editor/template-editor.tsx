import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import type { DefinitionIssue } from '@shared/sub-models/model-input';
import {
  ALTERNATIVE_PARAMETER_CATEGORIES,
  PARAMETER_CATEGORIES,
  PARAMETER_TYPE_LABELS,
} from '@shared/sub-models/parameter-types';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { ReadOnlyContext } from './fields';
import { ParameterForm } from './parameter-form';
import {
  addParameter,
  type DraftParameter,
  issuesByPath,
  moveParameter,
  parameterHasIssues,
  removeParameter,
  templateIssues,
} from './template-state';
import type { HelpFilesState } from './type-parts';

/**
 * Why this editor is not a react-hook-form form (STYLE.md asks for a written reason): the rules that
 * matter most here run across the whole template (unique variable names, 'controlled by' pointing at
 * a controller and one of its values), and the editor changes whole definitions at once (a new type,
 * a range or column data type that resets its parts, §4). The drafts therefore live in one state,
 * every change goes through the pure helpers of template-state.ts, and the shared TemplateSchema
 * judges the whole template (debounced 200 ms, §9), its messages shown at their paths.
 */

/** §5: the variable name check can be switched off by a local setting (this localStorage key = 'off'). */
export const VARIABLE_NAME_CHECK_KEY = 'mr.submodels.variableNameCheck';
const NAME_CHECK_MESSAGES: readonly string[] = [
  SUB_MODEL_MESSAGES.specialCharacters,
  SUB_MODEL_MESSAGES.variableNameStart,
];

export function variableNameCheckEnabled(): boolean {
  try {
    return window.localStorage.getItem(VARIABLE_NAME_CHECK_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Issues the editor shows: without the variable name check, its two messages are left out. */
export function shownIssues(issues: readonly DefinitionIssue[], nameCheck: boolean): DefinitionIssue[] {
  return nameCheck ? [...issues] : issues.filter((i) => !NAME_CHECK_MESSAGES.includes(i.message));
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) {
      setDebounced(value);
      return;
    }
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayMs <= 0 ? value : debounced;
}

export interface TemplateEditorProps {
  definitions: DraftParameter[];
  onChange: (definitions: DraftParameter[]) => void;
  readOnly: boolean;
  /** Display sub-models use the alternative category set (§3). */
  alternativeCategories: boolean;
  helpFiles: HelpFilesState;
  /** §9 parameter validation debounce; tests pass 0. */
  validationDelayMs?: number;
}

export function TemplateEditor({
  definitions,
  onChange,
  readOnly,
  alternativeCategories,
  helpFiles,
  validationDelayMs = 200,
}: TemplateEditorProps) {
  const [selected, setSelected] = useState(0);
  // A parameter just added takes the focus in its Title field; choosing one in the list keeps the
  // focus in the list.
  const [focusNew, setFocusNew] = useState(false);
  const checked = useDebounced(definitions, validationDelayMs);
  const issues = useMemo(() => shownIssues(templateIssues(checked), variableNameCheckEnabled()), [checked]);
  const errors = useMemo(() => issuesByPath(issues), [issues]);
  const index = Math.min(selected, Math.max(definitions.length - 1, 0));
  const current = definitions[index];
  const categories = alternativeCategories ? ALTERNATIVE_PARAMETER_CATEGORIES : PARAMETER_CATEGORIES;

  const update = (next: DraftParameter) => onChange(definitions.map((d, i) => (i === index ? next : d)));

  return (
    <ReadOnlyContext.Provider value={readOnly}>
      <div className="mr-template-editor">
        <section className="mr-template-editor__list" aria-label="Parameters">
          <div className="mr-editor-list__header">
            <h3 className="mr-editor-list__title">Parameters ({definitions.length})</h3>
            {!readOnly && (
              <Button
                type="button"
                label="Add Parameter"
                icon="pi pi-plus"
                size="small"
                onClick={() => {
                  onChange(addParameter(definitions));
                  setSelected(definitions.length);
                  setFocusNew(true);
                }}
              />
            )}
          </div>
          {definitions.length === 0 ? (
            <p className="mr-muted">No parameters yet. Add the first one.</p>
          ) : (
            <ul className="mr-parameter-list">
              {definitions.map((d, i) => {
                const invalid = parameterHasIssues(issues, i);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat while a template is being fixed.
                  <li key={`${d.id}-${i}`}>
                    <button
                      type="button"
                      className={`mr-parameter-list__item ${i === index ? 'mr-parameter-list__item--active' : ''}`}
                      aria-current={i === index ? 'true' : undefined}
                      onClick={() => {
                        setSelected(i);
                        setFocusNew(false);
                      }}
                    >
                      <span className="mr-parameter-list__name">{d.title || d.name || d.id}</span>
                      <span className="mr-parameter-list__type">
                        {PARAMETER_TYPE_LABELS[d.type] ?? d.type}
                      </span>
                      {invalid && (
                        <span className="mr-parameter-list__invalid">
                          <i className="pi pi-exclamation-circle" aria-hidden="true" />
                          <span className="mr-visually-hidden">has problems</span>
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {!readOnly && current && (
            <div className="mr-template-editor__list-actions">
              <Button
                type="button"
                icon="pi pi-arrow-up"
                text
                size="small"
                aria-label="Move parameter up"
                disabled={index === 0}
                onClick={() => {
                  onChange(moveParameter(definitions, index, -1));
                  setSelected(index - 1);
                }}
              />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                text
                size="small"
                aria-label="Move parameter down"
                disabled={index >= definitions.length - 1}
                onClick={() => {
                  onChange(moveParameter(definitions, index, 1));
                  setSelected(index + 1);
                }}
              />
              <Button
                type="button"
                label="Remove Parameter"
                icon="pi pi-trash"
                text
                size="small"
                severity="danger"
                onClick={() => {
                  onChange(removeParameter(definitions, index));
                  setSelected(Math.max(index - 1, 0));
                }}
              />
            </div>
          )}
          {issues.length > 0 && (
            <p className="mr-error-text" role="status">
              {issues.length === 1 ? '1 problem' : `${issues.length} problems`} in this definition.
            </p>
          )}
        </section>
        <section className="mr-template-editor__form" aria-label="Parameter">
          {current ? (
            <ParameterForm
              key={`${current.id}-${index}`}
              definitions={definitions}
              index={index}
              errors={errors}
              categories={categories}
              helpFiles={helpFiles}
              focusTitle={focusNew}
              onChange={update}
            />
          ) : (
            <p className="mr-muted">Select or add a parameter to edit it.</p>
          )}
        </section>
      </div>
    </ReadOnlyContext.Provider>
  );
}
