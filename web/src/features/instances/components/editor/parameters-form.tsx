import { kindOf } from '@shared/sub-models/converters';
import {
  type InstanceValues,
  type ParameterState,
  parameterStates,
  type ValueIssue,
} from '@shared/sub-models/instance-values';
import type { ParameterDefinition } from '@shared/sub-models/parameter-definition';
import { categoryName } from '@shared/sub-models/parameter-types';
import { useId, useMemo } from 'react';
import { EditableWidget, type FileUploadContext, ReadOnlyWidget } from './parameter-widgets';
import { scalarProblem } from './scalar-input';

interface ParameterFieldProps {
  definition: ParameterDefinition;
  value: unknown;
  state: ParameterState;
  readOnly: boolean;
  issues: readonly ValueIssue[];
  onChange: (name: string, value: unknown) => void;
  upload: FileUploadContext;
}

/** Widgets whose inputs are labelled inside the widget (a group of options, a table, a range). */
const GROUPED: readonly ParameterDefinition['type'][] = ['MULTI_SELECT', 'RANGE', 'ARRAY', 'SELECTOR'];

/** One parameter: its title (the label), its question, its widget and its problems. */
export function ParameterField({
  definition,
  value,
  state,
  readOnly,
  issues,
  onChange,
  upload,
}: ParameterFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const questionId = `${id}-question`;
  const problemsId = `${id}-problems`;
  if (definition.type === 'LABEL')
    return <h3 className="mr-param__heading">{definition.defaultValue || definition.title}</h3>;

  const kind = kindOf(definition.type);
  // Messages about the whole value; those of one array cell or range end sit at that input.
  const own = issues.filter((i) => i.path === definition.name).map((i) => i.message);
  const parse = kind ? scalarProblem(kind, value) : undefined;
  const problems = [...new Set([...(parse ? [parse] : []), ...own])];
  const describedBy = [questionId, problems.length > 0 ? problemsId : ''].filter(Boolean).join(' ');
  const grouped = GROUPED.includes(definition.type);
  const title = `${definition.title}${definition.required && !readOnly ? ' *' : ''}`;

  const content = (
    <>
      {grouped ? null : readOnly ? (
        <span className="mr-param__title">{title}</span>
      ) : (
        <label htmlFor={inputId} className="mr-param__title">
          {title}
        </label>
      )}
      <small id={questionId} className="mr-param__question">
        {definition.question}
      </small>
      {readOnly ? (
        <ReadOnlyWidget definition={definition} value={value} />
      ) : (
        <EditableWidget
          definition={definition}
          value={value}
          onChange={(v) => onChange(definition.name, v)}
          disabled={!state.enabled}
          inputId={inputId}
          describedBy={describedBy}
          invalid={problems.length > 0}
          issues={issues}
          upload={upload}
        />
      )}
      {problems.length > 0 && !readOnly && (
        <div id={problemsId} className="mr-param__problems">
          {problems.map((p) => (
            <small key={p} className="mr-error-text">
              {p}
            </small>
          ))}
        </div>
      )}
    </>
  );
  const className = `mr-param${state.enabled ? '' : ' mr-param--disabled'}`;
  return grouped ? (
    <fieldset className={`${className} mr-param--group`} data-parameter={definition.name}>
      <legend className="mr-param__title">{title}</legend>
      {content}
    </fieldset>
  ) : (
    <div className={className} data-parameter={definition.name}>
      {content}
    </div>
  );
}

interface ParametersFormProps {
  definitions: readonly ParameterDefinition[];
  values: InstanceValues;
  userLevel: number;
  readOnly: boolean;
  issues: readonly ValueIssue[];
  onChange: (name: string, value: unknown) => void;
  upload: FileUploadContext;
}

/**
 * The template's parameters grouped by category (in the template's order), each shown only when the
 * user may see it: not above the user's expertise level, visible, and shown by its Hide/Show control;
 * a parameter its Enable/Disable control switches off is shown disabled.
 */
export function ParametersForm({
  definitions,
  values,
  userLevel,
  readOnly,
  issues,
  onChange,
  upload,
}: ParametersFormProps) {
  const states = useMemo(
    () => parameterStates(definitions, values, userLevel),
    [definitions, values, userLevel],
  );
  const sections = useMemo(() => {
    const byCategory = new Map<string, ParameterDefinition[]>();
    for (const d of definitions) {
      if (!states.get(d.id)?.shown) continue;
      const list = byCategory.get(d.categoryId) ?? [];
      list.push(d);
      byCategory.set(d.categoryId, list);
    }
    return [...byCategory.entries()];
  }, [definitions, states]);

  if (sections.length === 0) return <p className="mr-muted">There are no parameters for you to fill in.</p>;
  return (
    <div className="mr-params">
      {sections.map(([categoryId, list]) => (
        <fieldset key={categoryId} className="mr-params__category">
          <legend>{categoryName(categoryId) ?? 'Other'}</legend>
          {list.map((d) => (
            <ParameterField
              key={d.id}
              definition={d}
              value={values[d.name]}
              state={states.get(d.id) ?? { shown: true, enabled: true }}
              readOnly={readOnly}
              issues={issues.filter((i) => i.name === d.name)}
              onChange={onChange}
              upload={upload}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
