import { FIELD_LABELS as L } from '@shared/sub-models/parameter-definition';
import {
  CONTROL_TYPE_LABELS,
  type ControlType,
  EXPERTISE_LEVELS,
  PARAMETER_TYPE_LABELS,
  PARAMETER_TYPES,
  type ParameterCategory,
  type ParameterType,
} from '@shared/sub-models/parameter-types';
import { CheckField, SelectField, TextField } from './fields';
import {
  changeParameterType,
  controllerCandidates,
  controllerValues,
  type DraftParameter,
  setController,
  setControlType,
} from './template-state';
import { type HelpFilesState, TypeParts } from './type-parts';

export interface ParameterFormProps {
  definitions: readonly DraftParameter[];
  index: number;
  /** Problems by path ('definitions.3.min'). */
  errors: ReadonlyMap<string, string>;
  categories: readonly ParameterCategory[];
  helpFiles: HelpFilesState;
  /** Focus the Title field when the form appears (a parameter just added). */
  focusTitle?: boolean;
  onChange: (next: DraftParameter) => void;
}

const TYPE_CHOICES = PARAMETER_TYPES.map((t) => ({ label: PARAMETER_TYPE_LABELS[t], value: t }));
const LEVEL_CHOICES = EXPERTISE_LEVELS.map((e) => ({
  label: `${e.label} (${e.level})`,
  value: e.level as number,
}));
const CONTROL_CHOICES = (Object.keys(CONTROL_TYPE_LABELS) as ControlType[]).map((c) => ({
  label: CONTROL_TYPE_LABELS[c],
  value: c,
}));

/**
 * One parameter of the template (spec 001 §2 "Input definition editor"): title, variable name,
 * question, visible, required, viewable, type, category, expertise level, control type with its
 * 'controlled by' picker, and the parts of its type (§3).
 */
export function ParameterForm({
  definitions,
  index,
  errors,
  categories,
  helpFiles,
  focusTitle,
  onChange,
}: ParameterFormProps) {
  const d = definitions[index];
  if (!d) return null;
  const base = `definitions.${index}`;
  const err = (field: string) => errors.get(`${base}.${field}`);
  const set = (patch: Partial<DraftParameter>) => onChange({ ...d, ...patch });
  const candidates = controllerCandidates(definitions, d);
  const controller = candidates.find((c) => c.id === d.controlledBy?.id);
  const values = controllerValues(controller);

  return (
    <div className="mr-parameter-form">
      <fieldset className="mr-parameter-form__group">
        <legend>Parameter</legend>
        <p className="mr-parameter-form__id">
          {L.id}: <code>{d.id}</code>
        </p>
        <div className="mr-parameter-form__grid">
          <TextField
            label={L.title}
            value={d.title}
            error={err('title')}
            autoFocus={focusTitle}
            onChange={(title) => set({ title })}
          />
          <TextField label={L.name} value={d.name} error={err('name')} onChange={(name) => set({ name })} />
          <TextField
            label={L.question}
            value={d.question}
            error={err('question')}
            multiline
            onChange={(question) => set({ question })}
          />
          <SelectField<ParameterType>
            label={L.type}
            value={d.type}
            options={TYPE_CHOICES}
            error={err('type')}
            onChange={(type) => type && onChange(changeParameterType(d, type))}
          />
          <SelectField<string>
            label={L.categoryId}
            value={d.categoryId}
            options={categories.map((c) => ({ label: c.name, value: c.id }))}
            error={err('categoryId')}
            onChange={(categoryId) => set({ categoryId })}
          />
          <SelectField<number>
            label={L.expertiseLevel}
            value={d.expertiseLevel}
            options={LEVEL_CHOICES}
            error={err('expertiseLevel')}
            onChange={(expertiseLevel) => set({ expertiseLevel })}
          />
        </div>
        <div className="mr-parameter-form__checks">
          <CheckField
            label="Visible"
            checked={d.visible !== false}
            onChange={(visible) => set({ visible })}
          />
          <CheckField
            label="Required"
            checked={d.required === true}
            onChange={(required) => set({ required })}
          />
          <CheckField
            label="Viewable"
            checked={d.viewable !== false}
            onChange={(viewable) => set({ viewable })}
          />
        </div>
      </fieldset>

      <fieldset className="mr-parameter-form__group">
        <legend>Control</legend>
        <div className="mr-parameter-form__grid">
          <SelectField<ControlType>
            label={L.controlType}
            value={d.controlType}
            options={CONTROL_CHOICES}
            placeholder="None"
            clearable
            error={err('controlType')}
            onChange={(controlType) => onChange(setControlType(d, controlType))}
          />
          {d.controlType && (
            <>
              <SelectField<string>
                label={L.controlledBy}
                value={d.controlledBy?.id || undefined}
                options={candidates.map((c) => ({ label: c.title || c.name || c.id, value: c.id }))}
                placeholder="Select a parameter"
                emptyMessage="No boolean or select parameter can control this one"
                error={err('controlledBy') ?? err('controlledBy.id')}
                onChange={(id) =>
                  onChange(
                    setController(
                      d,
                      candidates.find((c) => c.id === id),
                    ),
                  )
                }
              />
              <SelectField<string | boolean>
                label="Controlled By Value"
                value={d.controlledBy?.value === '' ? undefined : d.controlledBy?.value}
                options={values}
                placeholder="Select a value"
                error={err('controlledBy.value')}
                onChange={(value) =>
                  set({ controlledBy: { id: d.controlledBy?.id ?? '', value: value ?? '' } })
                }
              />
            </>
          )}
        </div>
      </fieldset>

      <fieldset className="mr-parameter-form__group">
        <legend>{PARAMETER_TYPE_LABELS[d.type] ?? d.type}</legend>
        <TypeParts d={d} base={base} errors={errors} helpFiles={helpFiles} onChange={onChange} />
      </fieldset>
    </div>
  );
}
