import type { ModelInputView, SubModelView } from '@shared/schemas/sub-models-api';
import { saveCheck } from '@shared/sub-models/instance-values';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { INPUT_DEFINITION_TYPE_LABELS } from '@shared/sub-models/model-input';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { useLeaveGuard } from '../../../../components/ui/leave-guard';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { useWorkspace } from '../../../../lib/workspace';
import { helpFilesQuery, inputsQuery, useCreateInput, useUpdateInput } from '../../api/sub-models-api';
import { definitionInput } from '../workspace/export-definition';
import { checkJsonText, definitionEditOutcome, jsonSaveDecision, SAVE_ANYWAY } from './editor-rules';
import { TemplateEditor } from './template-editor';
import { type DraftParameter, parseTemplateValue, templateValue } from './template-state';
import type { HelpFilesState } from './type-parts';
import './editor.css';

const JsonCodeEditor = lazy(() => import('./json-code-editor'));

/**
 * /model/:modelUuid/sub-model/:subModelId/editor (spec 001 §2): the input definition editor, a
 * template editor or a raw JSON editor by the definition's type. `?inputId=` picks the definition
 * (default: the sub-model's, the newest of its definition type). Read-only without permission.
 */
export function InputDefinitionEditorPage() {
  const { modelUuid, model, subModel } = useWorkspace();
  const { subModelId = '' } = useParams();
  const [search] = useSearchParams();
  const me = useCurrentUser();
  usePageTitle('Input Definition Editor');
  const inputs = useQuery(inputsQuery(modelUuid, subModelId));
  const create = useCreateInput(modelUuid, subModelId);

  if (!model || !subModel || inputs.isPending) return <Spinner />;
  const items = inputs.data?.items ?? [];
  const inputId = search.get('inputId');
  const input = inputId
    ? items.find((i) => i.id === inputId)
    : definitionInput(items, subModel.definitionType);
  const editable =
    definitionEditOutcome({ id: me.id, userType: me.userType }, model, subModel.type) === 'allowed';

  if (!input) {
    return (
      <section className="mr-definition-editor">
        <h2 className="mr-workspace__page-title">Input Definition</h2>
        <p className="mr-muted">{SUB_MODEL_MESSAGES.noInputDefinitionFound}</p>
        {editable && !inputId && (
          <Button
            type="button"
            label="Create Input Definition"
            icon="pi pi-plus"
            loading={create.isPending}
            // The API client shows a failure; the button is usable again.
            onClick={() => create.mutate(subModel.definitionType)}
          />
        )}
      </section>
    );
  }
  return (
    <DefinitionEditor
      key={input.id}
      modelUuid={modelUuid}
      subModel={subModel}
      input={input}
      editable={editable}
    />
  );
}

function DefinitionEditor({
  modelUuid,
  subModel,
  input,
  editable,
}: {
  modelUuid: string;
  subModel: SubModelView;
  input: ModelInputView;
  editable: boolean;
}) {
  const navigate = useNavigate();
  const update = useUpdateInput(modelUuid, subModel.id, input.id);
  const parsedTemplate = input.type === 'JSONTEMPLATE' ? parseTemplateValue(input.value) : undefined;
  // A stored template that is not a template (hand-edited, imported by an old tool) opens as raw JSON
  // so that it can be repaired.
  const asTemplate = parsedTemplate?.ok === true;
  const [drafts, setDrafts] = useState<DraftParameter[]>(
    parsedTemplate?.ok ? parsedTemplate.definitions : [],
  );
  const [text, setText] = useState(() => prettyJson(input.value));
  const [confirming, setConfirming] = useState(false);
  const problemId = useId();

  const helpFilesQueryResult = useQuery({ ...helpFilesQuery(modelUuid), enabled: asTemplate });
  useEffect(() => {
    if (helpFilesQueryResult.isError) notify.error(SUB_MODEL_MESSAGES.failedToLoadHelpFiles);
  }, [helpFilesQueryResult.isError]);
  const helpFiles: HelpFilesState = {
    status: helpFilesQueryResult.isError ? 'error' : helpFilesQueryResult.data ? 'ready' : 'loading',
    items: helpFilesQueryResult.data?.items ?? [],
  };

  const jsonCheck = asTemplate ? undefined : checkJsonText(text);
  const value = asTemplate ? templateValue(drafts) : text;
  // The definition as opened counts as saved; leaving with another one asks first (issue 21 §11).
  const [savedValue, setSavedValue] = useState(value);
  const leaveGuard = useLeaveGuard(editable && !update.isPending && value !== savedValue);

  const save = () => {
    setConfirming(false);
    // The API client shows a failure; the editor keeps the unsaved definition.
    update.mutate(
      { value },
      {
        onSuccess: () => {
          setSavedValue(value);
          notify.success(SUB_MODEL_MESSAGES.inputDefinitionUpdated);
        },
      },
    );
  };

  const requestSave = () => {
    if (asTemplate) {
      // §2: invalid definitions prompt 'Do you want to save it anyway?'.
      if (saveCheck({ template: { definitions: drafts } }).confirm) setConfirming(true);
      else save();
      return;
    }
    const decision = jsonCheck ? jsonSaveDecision(jsonCheck) : 'blocked';
    if (decision === 'confirm') setConfirming(true);
    else if (decision === 'save') save();
  };

  const saveBlocked = !editable || (jsonCheck !== undefined && !jsonCheck.parsed);

  return (
    <section className="mr-definition-editor" aria-labelledby="mr-definition-editor-title">
      {leaveGuard}
      <div className="mr-workspace__page-header">
        <h2 id="mr-definition-editor-title" className="mr-workspace__page-title">
          Input Definition: {input.name} ({INPUT_DEFINITION_TYPE_LABELS[input.type]})
        </h2>
        <span className="mr-workspace__spacer" />
        <Button
          type="button"
          label="Cancel"
          outlined
          onClick={() => navigate(paths.inputDefinitionList.getHref(modelUuid, subModel.id))}
        />
        {editable && (
          <Button
            type="button"
            label="Save"
            icon="pi pi-save"
            loading={update.isPending}
            disabled={saveBlocked}
            onClick={requestSave}
          />
        )}
      </div>
      {!editable && (
        <p className="mr-muted">You can view this input definition; changing it needs edit permission.</p>
      )}
      {parsedTemplate && !parsedTemplate.ok && (
        <p className="mr-error-text" role="alert">
          {parsedTemplate.message}: the template is shown as JSON so that it can be repaired.
        </p>
      )}
      {asTemplate ? (
        <TemplateEditor
          definitions={drafts}
          onChange={setDrafts}
          readOnly={!editable}
          alternativeCategories={subModel.type === 'display'}
          helpFiles={helpFiles}
        />
      ) : (
        <div className="mr-json-editor">
          <Suspense fallback={<Spinner />}>
            <JsonCodeEditor
              value={text}
              onChange={setText}
              readOnly={!editable}
              label="Input definition JSON"
              describedBy={jsonCheck && !jsonCheck.parsed ? problemId : undefined}
            />
          </Suspense>
          {jsonCheck && !jsonCheck.parsed && (
            <p id={problemId} className="mr-error-text" role="status">
              {jsonCheck.message}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <ActionDialog
          header="Save input definition"
          width="30rem"
          onHide={() => setConfirming(false)}
          cancelLabel="No"
          confirmLabel="Yes"
          onConfirm={() => save()}
        >
          <p>{SAVE_ANYWAY}</p>
        </ActionDialog>
      )}
    </section>
  );
}

function prettyJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

export default InputDefinitionEditorPage;
