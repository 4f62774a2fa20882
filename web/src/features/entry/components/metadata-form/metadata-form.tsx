import { CHOOSING_COUNTRY_TURNS_GLOBAL_OFF, REQUIRED_METADATA } from '@shared/rules/model-metadata';
import { VERSION_MAX_LENGTH } from '@shared/rules/model-version';
import {
  InformationClassificationSchema,
  type MetadataField,
  ModelKindSchema,
  type ModelMetadata,
  PLATFORM_DISPLAY_LABELS,
  PlatformSchema,
} from '@shared/schemas/model';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { type ReactNode, useId } from 'react';
import { activeValues, type OptionLists } from '../../../../api/metadata-options';
import {
  applyCountries,
  applyGlobal,
  applyStudyNumber,
  fieldLabel,
  type MetadataErrors,
  veapRecommendation,
} from './metadata-rules';
import './metadata-form.css';

export interface MetadataFormProps {
  value: ModelMetadata;
  onChange: (next: ModelMetadata) => void;
  options: OptionLists | undefined;
  errors: MetadataErrors;
  /** Errors show once the user has touched a field or tried to go on. */
  showErrors: boolean;
  disabled?: boolean;
  /**
   * The entry's stored files the changelog may be chosen from (000 §3 `changelog_file`: the uuid of
   * a file). Absent where the entry has no stored files yet (the wizard names it after its upload).
   */
  changelogChoices?: readonly { uuid: string; name: string }[] | undefined;
  /** The version field's hint (the new-version wizard names the parent's version, 000 §5). */
  versionHint?: string | undefined;
}

export { fieldLabel };

const isRequired = (field: MetadataField) => REQUIRED_METADATA.includes(field);

interface FieldProps {
  field: MetadataField;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and the error right below the control (keyboard and screen-reader friendly). */
function Field({ field, required, error, hint, children }: FieldProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className="mr-field mr-metadata-form__field">
      <label htmlFor={inputId}>
        {fieldLabel(field)}
        {required ? ' *' : ''}
      </label>
      {children({ inputId, describedBy: describedBy || undefined, invalid: Boolean(error) })}
      {hint && (
        <small id={hintId} className="mr-muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} role="alert" className="mr-error-text">
          {error}
        </small>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="mr-metadata-form__section" aria-labelledby={id}>
      <legend id={id} className="mr-metadata-form__legend">
        {title}
      </legend>
      <div className="mr-metadata-form__grid">{children}</div>
    </fieldset>
  );
}

/**
 * The metadata form (000 §2 sections; §5 rules). Controlled: the parent holds the metadata and the
 * errors (computed with `metadataErrors`), so the wizard, the new-version wizard and the edit dialog
 * share it.
 */
export function MetadataForm({
  value,
  onChange,
  options,
  errors,
  showErrors,
  disabled,
  changelogChoices,
  versionHint,
}: MetadataFormProps) {
  const err = (field: MetadataField) => (showErrors ? errors[field] : undefined);
  const set = <K extends MetadataField>(field: K, v: ModelMetadata[K]) => onChange({ ...value, [field]: v });
  const recommendation = veapRecommendation(value);
  const countryHint = value.global === 'true' ? undefined : CHOOSING_COUNTRY_TURNS_GLOBAL_OFF;

  const text = (field: MetadataField, opts: { max?: number; area?: boolean; hint?: ReactNode } = {}) => (
    <Field field={field} required={isRequired(field)} error={err(field)} hint={opts.hint}>
      {({ inputId, describedBy, invalid }) =>
        opts.area ? (
          <InputTextarea
            id={inputId}
            rows={3}
            value={(value[field] as string | undefined) ?? ''}
            maxLength={opts.max}
            disabled={disabled}
            invalid={invalid}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set(field, e.target.value as never)}
          />
        ) : (
          <InputText
            id={inputId}
            value={(value[field] as string | undefined) ?? ''}
            maxLength={opts.max}
            disabled={disabled}
            invalid={invalid}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set(field, e.target.value as never)}
          />
        )
      }
    </Field>
  );

  const single = (
    field: MetadataField,
    choices: readonly string[],
    onPick?: (v: string | undefined) => void,
  ) => (
    <Field field={field} required={isRequired(field)} error={err(field)}>
      {({ inputId, describedBy, invalid }) => (
        <Dropdown
          inputId={inputId}
          value={(value[field] as string | undefined) ?? null}
          options={[...choices]}
          filter={choices.length > 8}
          showClear
          placeholder="Select"
          disabled={disabled}
          invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) =>
            onPick ? onPick(e.value ?? undefined) : set(field, (e.value ?? undefined) as never)
          }
        />
      )}
    </Field>
  );

  const multi = (
    field: 'product' | 'country',
    choices: readonly string[],
    onPick: (values: string[]) => void,
    extra: { required?: boolean; hint?: string } = {},
  ) => (
    <Field field={field} required={extra.required ?? true} error={err(field)} hint={extra.hint}>
      {({ inputId, describedBy, invalid }) => (
        <MultiSelect
          inputId={inputId}
          value={value[field] ?? []}
          options={[...choices]}
          filter
          display="chip"
          placeholder="Select"
          disabled={disabled}
          invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onPick(e.value as string[])}
        />
      )}
    </Field>
  );

  return (
    <div className="mr-metadata-form">
      <Section title="Model Identification">
        {single('therapeutic_area', activeValues(options, 'therapeutic_area'))}
        {single('disease', activeValues(options, 'disease'))}
        {multi('product', activeValues(options, 'product'), (v) => set('product', v))}
        {single('model_type', activeValues(options, 'model_type'))}
        {single('study_number', activeValues(options, 'study_number'), (v) =>
          onChange(applyStudyNumber(value, v, options)),
        )}
        {single('information_classification', InformationClassificationSchema.options)}
        <Field field="platform">
          {({ inputId, describedBy }) => (
            <Dropdown
              inputId={inputId}
              value={value.platform ?? null}
              options={PlatformSchema.options.map((p) => ({ label: PLATFORM_DISPLAY_LABELS[p], value: p }))}
              placeholder="Select"
              showClear
              disabled={disabled}
              aria-describedby={describedBy}
              onChange={(e) => set('platform', e.value ?? undefined)}
            />
          )}
        </Field>
      </Section>

      <Section title="Country Association">
        {single('type', ModelKindSchema.options)}
        <div className="mr-field mr-metadata-form__field mr-metadata-form__check">
          <Checkbox
            inputId="mr-metadata-global"
            checked={value.global === 'true'}
            disabled={disabled}
            onChange={(e) => onChange(applyGlobal(value, Boolean(e.checked)))}
          />
          <label htmlFor="mr-metadata-global">{fieldLabel('global')}</label>
        </div>
        {multi('country', activeValues(options, 'country'), (v) => onChange(applyCountries(value, v)), {
          required: value.global !== 'true',
          hint: countryHint,
        })}
      </Section>

      <Section title="Documentation">
        <Field field="veap_id" hint={recommendation}>
          {({ inputId, describedBy }) => (
            <InputText
              id={inputId}
              value={value.veap_id?.id ?? ''}
              maxLength={50}
              disabled={disabled}
              aria-describedby={describedBy}
              onChange={(e) => set('veap_id', { ...(value.veap_id ?? {}), id: e.target.value })}
            />
          )}
        </Field>
        {text('revops_id', { max: 50, hint: recommendation })}
        {text('objective_of_model', { max: 4000, area: true })}
        {text('model_development_plan', { max: 255 })}
        {text('notes', { max: 4000, area: true })}
        {text('legal_notice', { max: 10_000, area: true })}
        {text('ext_url', { max: 2000 })}
      </Section>

      <Section title="Usage">
        {text('usage_notes', { max: 4000, area: true })}
        {text('model_execution_environment', { max: 100 })}
        {single('mathematica_environment', activeValues(options, 'mathematica_environment'))}
        {single('python_environment', activeValues(options, 'python_environment'))}
      </Section>

      <Section title="Stage">
        {single('stage_of_model_development', activeValues(options, 'stage_of_model_development'))}
      </Section>

      <Section title="THEOREM Oncology Model Details">
        {value.platform === 'Oncology' ? (
          <>
            {text('indication', { max: 255 })}
            {text('label', { max: 255 })}
            <Field field="mk_number">
              {({ inputId, describedBy }) => (
                <Chips
                  inputId={inputId}
                  value={value.mk_number ?? []}
                  disabled={disabled}
                  aria-describedby={describedBy}
                  onChange={(e) => set('mk_number', (e.value ?? []) as string[])}
                />
              )}
            </Field>
          </>
        ) : (
          <p className="mr-muted">Only for models of the Oncology (THEOREM) platform.</p>
        )}
      </Section>

      <Section title="Version Control">
        {text('version_release_of_model', { max: VERSION_MAX_LENGTH, hint: versionHint })}
        {text('version_log', { max: 10_000, area: true })}
        {changelogChoices && (
          <Field
            field="changelog_file"
            hint="One of this entry's files: the document that lists its changes."
          >
            {({ inputId, describedBy }) => (
              <Dropdown
                inputId={inputId}
                value={value.changelog_file ?? null}
                options={changelogChoices.map((f) => ({ label: f.name, value: f.uuid }))}
                placeholder={changelogChoices.length === 0 ? 'The entry has no files yet' : 'Select a file'}
                showClear
                filter={changelogChoices.length > 10}
                disabled={disabled || changelogChoices.length === 0}
                aria-describedby={describedBy}
                onChange={(e) => set('changelog_file', (e.value as string | null) ?? undefined)}
              />
            )}
          </Field>
        )}
        {text('bitbucket_project', { max: 255 })}
        {text('bitbucket_repository', { max: 255 })}
        {text('bitbucket_path', { max: 1000 })}
        {text('bitbucket_commit', { max: 100 })}
      </Section>
      {showErrors && Object.keys(errors).length > 0 && (
        <p className="mr-error-text" role="status">
          Please correct the marked fields.
        </p>
      )}
    </div>
  );
}
