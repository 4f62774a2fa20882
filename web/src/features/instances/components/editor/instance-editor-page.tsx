import { MESSAGES } from '@shared/messages';
import type { ModelInputView } from '@shared/schemas/sub-models-api';
import {
  convertInstanceValues,
  defaultInstanceValues,
  type InstanceValues,
  parametersEditorImportProblem,
  parseParametersJson,
  saveCheck,
  validateInstanceValues,
} from '@shared/sub-models/instance-values';
import { canEditInstance } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { validateTemplateText } from '@shared/sub-models/model-input';
import type { ParameterDefinition } from '@shared/sub-models/parameter-definition';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { useLeaveGuard } from '../../../../components/ui/leave-guard';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { useDebounced } from '../../../../lib/use-debounced';
import {
  type InstanceDetailView,
  instanceDetailQuery,
  instanceKeys,
  putInstanceInputs,
  setInstanceCalibration,
  useExpertiseLevel,
  useInstanceInput,
} from '../../api/instances-api';
import { CalibrationPicker, useCalibrationChoice } from '../form/calibration-picker';
import { JsonEditor } from '../json/json-editor';
import { ParametersForm } from './parameters-form';
import '../instances.css';

const parseObject = (text: string): InstanceValues => {
  const parsed = parseParametersJson(text);
  return parsed.ok ? parsed.values : {};
};
const pretty = (values: unknown) => JSON.stringify(values, null, 2);

/** What the editor edits: a template's values in a form, or a JSON input's text. */
type Definitions =
  | { kind: 'template'; definitions: ParameterDefinition[] }
  | { kind: 'json' }
  | { kind: 'invalid' };

function definitionsOf(input: Pick<ModelInputView, 'type' | 'value'>): Definitions {
  if (input.type !== 'JSONTEMPLATE') return { kind: 'json' };
  const check = validateTemplateText(input.value);
  return check.valid ? { kind: 'template', definitions: check.definitions } : { kind: 'invalid' };
}

/** Why the parameters are read-only, or undefined when the user may change them. */
function readOnlyReason(instance: InstanceDetailView): string | undefined {
  if (instance.permissions.edit === 'allowed') return undefined;
  if (!canEditInstance(instance.status))
    return 'Only draft, failed or cancelled instances can be edited; the parameters are shown read-only.';
  return 'You do not have permission to edit this instance; the parameters are shown read-only.';
}

interface EditorProps {
  uuid: string;
  instance: InstanceDetailView;
  input: ModelInputView;
  userLevel: number;
}

/**
 * The parameters editor proper (spec 001 §2, §5). A template's parameters are a form of the type
 * widgets (parameters above the user's expertise level hidden, Hide/Show and Enable/Disable applied,
 * checked 200 ms after the last change); a JSON input is a JSON editor. Both import a .json file or
 * take pasted JSON (not an array). Save needs edit permission and valid JSON; invalid parameters ask
 * 'Do you want to save it anyway?'. Cancel returns to the instance list.
 *
 * Not react-hook-form: the values are one JSON object keyed by variable names, which may hold spaces
 * and so cannot be form field paths, and they are checked by the shared validateInstanceValues.
 */
function ParametersEditor({ uuid, instance, input, userLevel }: EditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const definitions = useMemo(() => definitionsOf(input), [input]);
  const templateDefinitions = definitions.kind === 'template' ? definitions.definitions : undefined;
  const [values, setValues] = useState<InstanceValues>(() => ({
    ...(templateDefinitions ? defaultInstanceValues(templateDefinitions) : {}),
    ...parseObject(instance.input.value),
  }));
  const [text, setText] = useState(() => pretty(parseObject(instance.input.value)));
  const [importProblems, setImportProblems] = useState<string[]>([]);
  const [pasting, setPasting] = useState(false);
  const [confirming, setConfirming] = useState<string[] | undefined>();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const reason = readOnlyReason(instance);
  const readOnly = reason !== undefined;

  const settled = useDebounced(values, SUB_MODEL_LIMITS.parameterValidationDebounceMs);
  const issues = useMemo(
    () => (templateDefinitions ? validateInstanceValues(templateDefinitions, settled, userLevel) : []),
    [templateDefinitions, settled, userLevel],
  );
  const textCheck = definitions.kind === 'template' ? undefined : parseParametersJson(text);
  const jsonProblem = textCheck && !textCheck.ok ? textCheck.message : undefined;
  const listHref = paths.instanceList.getHref(uuid, instance.executionSetupId, instance.id);

  const calibration = useCalibrationChoice(uuid, instance);
  const save = useMutation({
    // Another calibration is saved with the values (issue 21 §1): first, as the values' save names
    // the instance as read, and a refused calibration (no longer accepted) then keeps both unsaved.
    mutationFn: async (value: string) => {
      if (calibration.linked && calibration.changed && calibration.selected)
        await setInstanceCalibration(uuid, instance.id, calibration.selected);
      return putInstanceInputs(uuid, instance.id, { modelInputId: input.id, value });
    },
    onSuccess: (saved, value) => {
      setSavedText(value);
      notify.success(SUB_MODEL_MESSAGES.scenarioParametersUpdated);
      queryClient.setQueryData(instanceKeys.detail(uuid, instance.id), saved);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.lists(uuid) });
    },
  });

  const valueToSave = () => (templateDefinitions ? values : textCheck?.ok ? textCheck.values : undefined);
  // What the page shows against what was last saved (the values as opened count as saved): leaving
  // with a difference asks first (issue 21 §11).
  const shown = valueToSave();
  const shownText = shown === undefined ? text : JSON.stringify(shown);
  const [savedText, setSavedText] = useState(shownText);
  const leaveGuard = useLeaveGuard(!readOnly && !save.isPending && shownText !== savedText);

  const startSave = () => {
    const current = valueToSave();
    if (!current || readOnly) return;
    let template: unknown;
    try {
      template = input.type === 'JSONTEMPLATE' ? JSON.parse(input.value) : undefined;
    } catch {
      template = {};
    }
    const check = saveCheck({ template, values: current, userLevel });
    if (check.confirm) {
      const problems = check.definitionsValid
        ? check.valueIssues.map((i) => i.message)
        : [SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance];
      setConfirming(problems);
      return;
    }
    save.mutate(JSON.stringify(current));
  };

  /** Values read from a file or pasted: converted to their parameters' types (§5) and applied. */
  const apply = (raw: string) => {
    const parsed = parseParametersJson(raw);
    if (!parsed.ok) {
      setImportProblems([parsed.message]);
      return false;
    }
    if (templateDefinitions) {
      const converted = convertInstanceValues(templateDefinitions, parsed.values);
      setValues((old) => ({ ...old, ...converted.values }));
      setImportProblems(converted.issues.map((i) => i.message));
    } else {
      setText(pretty(parsed.values));
      setImportProblems([]);
    }
    return true;
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = parametersEditorImportProblem(file.name);
    if (problem) {
      setImportProblems([problem]);
      return;
    }
    apply(await file.text());
  };

  const saveDisabled = readOnly || (definitions.kind !== 'template' && jsonProblem !== undefined);
  return (
    <>
      {leaveGuard}
      {reason && (
        <p className="mr-instance-editor__note" role="note">
          <i className="pi pi-lock" aria-hidden="true" /> {reason}
        </p>
      )}
      {definitions.kind === 'invalid' && (
        <p className="mr-error-text" role="alert">
          {SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance}
        </p>
      )}
      <CalibrationPicker choice={calibration} inputId="editor-calibration" disabled={readOnly} />
      {!readOnly && (
        <div className="mr-instance-editor__tools">
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="mr-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void importFile(e)}
          />
          <Button
            type="button"
            label="Import JSON"
            icon="pi pi-upload"
            outlined
            size="small"
            onClick={() => fileInput.current?.click()}
          />
          <Button
            type="button"
            label="Paste JSON"
            icon="pi pi-clipboard"
            outlined
            size="small"
            onClick={() => setPasting(true)}
          />
        </div>
      )}
      {importProblems.length > 0 && (
        <div className="mr-instance-editor__problems" role="alert">
          {importProblems.map((p) => (
            <p key={p} className="mr-error-text">
              {p}
            </p>
          ))}
        </div>
      )}
      {templateDefinitions ? (
        <ParametersForm
          definitions={templateDefinitions}
          values={values}
          userLevel={userLevel}
          readOnly={readOnly}
          issues={issues}
          onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
          upload={{ uuid, instanceId: instance.id }}
        />
      ) : (
        <div className="mr-field">
          <JsonEditor
            label="Input Data (JSON)"
            value={text}
            readOnly={readOnly}
            onChange={(next) => {
              setText(next);
              setImportProblems([]);
            }}
          />
          {jsonProblem && !readOnly && (
            <small className="mr-error-text" role="alert">
              {jsonProblem}
            </small>
          )}
        </div>
      )}
      <div className="mr-instance-editor__footer">
        <Button type="button" label="Cancel" outlined onClick={() => navigate(listHref)} />
        <span title={readOnly ? reason : jsonProblem}>
          <Button
            type="button"
            label="Save"
            icon="pi pi-save"
            loading={save.isPending}
            disabled={saveDisabled}
            onClick={startSave}
          />
        </span>
      </div>
      {pasting && (
        <PasteJsonDialog
          onHide={() => setPasting(false)}
          onApply={(raw) => {
            if (apply(raw)) setPasting(false);
          }}
        />
      )}
      {confirming && (
        <ActionDialog
          header="Save Parameters"
          width="40rem"
          onHide={() => setConfirming(undefined)}
          cancelLabel="No"
          confirmLabel="Yes"
          busy={save.isPending}
          onConfirm={() => {
            const current = valueToSave();
            setConfirming(undefined);
            if (current) save.mutate(JSON.stringify(current));
          }}
        >
          <p>{SUB_MODEL_MESSAGES.saveAnyway}</p>
          {confirming.length > 0 && (
            <ul className="mr-instance-editor__issues">
              {[...new Set(confirming)].slice(0, 10).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </ActionDialog>
      )}
    </>
  );
}

function PasteJsonDialog({ onHide, onApply }: { onHide: () => void; onApply: (text: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <ActionDialog
      header="Paste JSON"
      width="40rem"
      onHide={onHide}
      confirmLabel="Apply"
      onConfirm={() => {
        const parsed = parseParametersJson(text);
        if (!parsed.ok) setProblem(parsed.message);
        else onApply(text);
      }}
    >
      <TextAreaField
        label="Input Data (JSON)"
        value={text}
        rows={10}
        maxLength={350 * 1024}
        autoFocus
        error={problem}
        onChange={(value) => {
          setText(value);
          setProblem(undefined);
        }}
      />
    </ActionDialog>
  );
}

function NotFound() {
  return (
    <section className="mr-page">
      <h2>Instance not found</h2>
      <p className="mr-muted">{MESSAGES.instanceNotFoundOrNoAccess}</p>
    </section>
  );
}

/** /model/:modelUuid/instance/:scenarioId/editor (spec 001 §2): the instance parameters editor. */
export function InstanceEditorPage() {
  const { modelUuid = '', scenarioId = '' } = useParams();
  const me = useCurrentUser();
  usePageTitle('Instance Parameters');
  const detail = useQuery(instanceDetailQuery(modelUuid, scenarioId));
  const input = useInstanceInput(
    modelUuid,
    detail.data?.executionSetupId ?? '',
    detail.data?.input.modelInputId,
  );
  const expertise = useExpertiseLevel(modelUuid, me.id);

  if (detail.isError)
    return detail.error instanceof ApiError && detail.error.status === 404 ? <NotFound /> : null;
  if (detail.isPending || input.isPending || expertise.isPending) return <Spinner />;
  if (input.isError || !input.data)
    return (
      <section className="mr-page">
        <h2>{detail.data.name}</h2>
        <p className="mr-error-text">The input definition of this instance could not be loaded.</p>
      </section>
    );
  return (
    <section className="mr-page mr-instance-editor">
      <h2 className="mr-instance-editor__title">
        {detail.data.name} <span className="mr-muted mr-instance-editor__subtitle">Parameters</span>
      </h2>
      <ParametersEditor
        // A saved or reloaded instance starts the form afresh from the stored values.
        key={`${detail.data.id}:${input.data.id}`}
        uuid={modelUuid}
        instance={detail.data}
        input={input.data}
        userLevel={expertise.level}
      />
    </section>
  );
}

export default InstanceEditorPage;
