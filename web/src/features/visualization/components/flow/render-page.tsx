import type { InstanceDetail } from '@shared/schemas/instance-api';
import type { RunResult } from '@shared/schemas/run-result';
import { hasResults, isRunning } from '@shared/sub-models/instances';
import { FORM_MESSAGES } from '@shared/sub-models/messages';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { type ActionGroup, ActionGroupView, ActionSidebar } from '../../../../components/ui/action-sidebar';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { workspaceKeys } from '../../../../lib/workspace';
import {
  cancelExecution,
  getOutputsDownload,
  instanceQuery,
  resultQuery,
  saveAnalysis,
  subModelsQuery,
} from '../../api/visualization-api';
import { EXPORT_LABELS, useResultExport } from '../export';
import { ResultView } from '../result';
import { FlowLayout } from './flow-layout';
import { analysisKind, defaultAnalysisName, FLOW_TEXTS, pageTitleOf, progressMessage } from './flow-state';
import { AnalysisNameField } from './name-field';
import type { ShareDialogComponent } from './render-slots';
import { parseTestResult, readTestResult, storeTestResult, TEST_SCENARIO_ID } from './test-data';

/** What step 3 shows a result with (the result view once it is embedded; a plain one until then). */
export type ResultRenderer = (props: { result: RunResult }) => React.ReactNode;

/**
 * Step 3 of the visualization (spec 001 §2 "Step 3 (result)", §4, §8): the analysis's run followed
 * live (the live status channel refreshes the analysis, lib/workspace.ts), its result once finished,
 * the 'Download files' dialog for a run that returned files, and the flow's sidebar. Scenario id 0
 * shows the Test Visualization file instead of a run.
 */
export default function RenderPage({
  shareDialog: ShareDialog,
  renderResult,
}: {
  shareDialog?: ShareDialogComponent;
  renderResult?: ResultRenderer;
}) {
  const { modelUuid = '', scenarioId = '' } = useParams();
  const test = scenarioId === TEST_SCENARIO_ID;
  const analysis = useQuery({
    ...instanceQuery(modelUuid, scenarioId),
    enabled: !test && Boolean(scenarioId),
  });
  const data = analysis.data;
  const displays = useQuery(subModelsQuery(modelUuid, 'display'));
  const display = displays.data?.items.find((s) => s.id === data?.executionSetupId);
  const shown = useQueries({
    queries: (data?.displayScenarios ?? []).slice(0, 20).map((s) => instanceQuery(modelUuid, s.id)),
  });
  const kind = analysisKind(shown.flatMap((q) => (q.data ? [q.data.type] : [])));
  const finished = data ? hasResults(data.status) : false;
  const result = useQuery({
    ...resultQuery(modelUuid, scenarioId, data?.lastGroupId ?? ''),
    enabled: finished && Boolean(data?.lastGroupId),
  });
  const testResult = test ? readTestResult(modelUuid) : undefined;
  const visualization =
    testResult ?? (result.data?.result?.kind === 'visualization' ? result.data.result.result : undefined);
  const title = pageTitleOf(visualization?.options?.title, kind);
  usePageTitle(title);
  const render: ResultRenderer =
    renderResult ?? ((p) => <ResultView result={p.result} analysisKind={kind ?? null} showTitle={false} />);
  // Export Excel, PPT, PDF and Print (issue 19 §2): the displayed scenarios in step 2's order go on
  // the provenance page with their run records.
  const names = new Map(shown.flatMap((q) => (q.data ? [[q.data.id, q.data.name] as const] : [])));
  const exporter = useResultExport(
    visualization
      ? {
          modelUuid,
          result: visualization,
          title,
          ...(data && !data.hidden ? { analysisName: data.name } : {}),
          scenarios: [...(data?.displayScenarios ?? [])]
            .sort((a, b) => a.order - b.order)
            .map((s) => ({ id: s.id, name: names.get(s.id) ?? s.id, order: s.order })),
        }
      : undefined,
  );

  let body: React.ReactNode;
  if (test) body = testResult ? render({ result: testResult }) : <p>{FLOW_TEXTS.invalidTestData}</p>;
  else if (analysis.isPending) body = <Spinner />;
  else if (!data) body = <p className="mr-error-text">Instance not found.</p>;
  else if (isRunning(data.status) || data.status === 'NOTSTARTED' || data.status === 'POSTPROCESSING')
    body = (
      <p className="mr-viz-progress" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {progressMessage(display?.timeoutSeconds)}
      </p>
    );
  else if (!finished)
    body = (
      <div role="alert">
        <p className="mr-error-text">
          {data.status === 'FAILED' || data.status === 'CANCELLED'
            ? FLOW_TEXTS.failedRun
            : FLOW_TEXTS.unfinished}
        </p>
        {result.data?.error && <p>{result.data.error.message}</p>}
      </div>
    );
  else if (result.isPending) body = <Spinner />;
  else if (visualization) body = render({ result: visualization });
  else if (result.data?.result?.kind === 'files')
    body = <DownloadFiles uuid={modelUuid} id={data.id} files={result.data.files.map((f) => f.path)} />;
  else body = <p className="mr-error-text">{FLOW_TEXTS.unfinished}</p>;

  return (
    <FlowLayout
      uuid={modelUuid}
      step={3}
      sidebar={
        <FlowSidebar
          uuid={modelUuid}
          analysis={test ? undefined : data}
          kind={kind}
          hasResult={Boolean(visualization)}
          exporter={exporter}
          ShareDialog={ShareDialog}
        />
      }
    >
      <h1 className="mr-page-title">{title}</h1>
      {data && !test && (
        <p className="mr-muted">
          {data.hidden ? 'Unsaved analysis' : data.name}
          {' · '}
          {(data.displayScenarios ?? []).length} scenario
          {(data.displayScenarios ?? []).length === 1 ? '' : 's'}
        </p>
      )}
      {body}
      {exporter.dialog}
    </FlowLayout>
  );
}

/** 'Download files' (§2 step 3): a run that returned files instead of a visualization offers them. */
function DownloadFiles({ uuid, id, files }: { uuid: string; id: string; files: string[] }) {
  const [open, setOpen] = useState(true);
  const download = useMutation({
    mutationFn: (path?: string) => getOutputsDownload(uuid, id, path),
    onSuccess: (link) => window.location.assign(link.url),
    onError: (e) =>
      notify.error(e instanceof ApiError ? (e.body?.message ?? 'Download failed.') : 'Download failed.'),
  });
  const list = (
    <ul>
      {files.map((path) => (
        <li key={path}>
          <Button type="button" link label={path} onClick={() => download.mutate(path)} />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <p>This analysis returned files instead of a visualization.</p>
      <Button
        type="button"
        label={FLOW_TEXTS.downloadFiles}
        icon="pi pi-download"
        onClick={() => setOpen(true)}
      />
      {open && (
        <ActionDialog
          header={FLOW_TEXTS.downloadFiles}
          width="40rem"
          onHide={() => setOpen(false)}
          confirmLabel="Download all"
          confirmIcon="pi pi-download"
          busy={download.isPending}
          onConfirm={() => download.mutate(undefined)}
        >
          {list}
        </ActionDialog>
      )}
    </>
  );
}

/** Spec 001 §8's export text, as the reason an export is not offered yet. */
const NOTHING_TO_EXPORT = 'Nothing to export.';
const EXPORT_ICONS = { xlsx: 'pi pi-file-excel', pptx: 'pi pi-file', pdf: 'pi pi-file-pdf' } as const;

/**
 * The flow's sidebar on step 3 (§2 "Sidebars"): Set Display Parameters, Fresh Start, Test
 * Visualization, Cancel, Show Input Parameters, the exports and Print, Share Link, Save or Update
 * Analysis.
 */
function FlowSidebar({
  uuid,
  analysis,
  kind,
  hasResult,
  exporter,
  ShareDialog,
}: {
  uuid: string;
  analysis: InstanceDetail | undefined;
  kind: 'calibration' | 'scenario' | undefined;
  hasResult: boolean;
  exporter: ReturnType<typeof useResultExport>;
  ShareDialog?: ShareDialogComponent;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const model = useModel(uuid);
  const file = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'save' | 'share'>();
  const scenarios = [...(analysis?.displayScenarios ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((s) => s.id);
  const running = analysis ? isRunning(analysis.status) : false;
  // The server decides (403); the sidebar offers saving to those the rule lets (save-analysis.ts).
  const mayChange = analysis?.permissions.edit !== 'disallowed' && analysis !== undefined;

  const cancel = useMutation({
    mutationFn: () => cancelExecution(analysis?.lastGroupId ?? ''),
    onSuccess: () => {
      notify.success('Execution cancellation request sent');
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
    },
    onError: () => notify.error('Failed to cancel scenario execution'),
  });

  const testFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    const text = await chosen.text();
    if (!chosen.name.toLowerCase().endsWith('.json') || !parseTestResult(text)) {
      notify.warning(FLOW_TEXTS.invalidTestData);
      return;
    }
    storeTestResult(uuid, text);
    navigate(paths.visualizationRender.getHref(uuid, TEST_SCENARIO_ID));
  };

  const item = (
    key: string,
    label: string,
    icon: string,
    onSelect: (() => void) | undefined,
    reason?: string,
  ): ActionGroup['items'][number] => ({
    key,
    label,
    icon,
    outcome: onSelect ? 'allowed' : 'forbidden',
    ...(onSelect ? { onSelect } : { reason }),
  });

  const groups: ActionGroup[] = [
    {
      key: 'flow',
      title: 'Visualization',
      items: [
        item(
          'parameters',
          'Set Display Parameters',
          'pi pi-sliders-h',
          analysis
            ? () => navigate(paths.visualizationSetting.getHref(uuid, scenarios, analysis.id))
            : undefined,
          'Test data has no display parameters',
        ),
        item('fresh', 'Fresh Start', 'pi pi-refresh', () =>
          navigate(paths.visualizationSelection.getHref(uuid)),
        ),
        item('test', 'Test Visualization', 'pi pi-upload', () => file.current?.click()),
        item(
          'cancel',
          'Cancel',
          'pi pi-stop-circle',
          running && analysis?.lastGroupId ? () => cancel.mutate() : undefined,
          'Only a running execution can be cancelled',
        ),
        item(
          'inputs',
          'Show Input Parameters',
          'pi pi-list',
          analysis ? () => navigate(paths.visualizationParameters.getHref(uuid, analysis.id)) : undefined,
          'Test data has no input parameters',
        ),
      ],
    },
    {
      key: 'export',
      title: 'Export',
      items: [
        ...(['xlsx', 'pptx', 'pdf'] as const).map((format) =>
          item(
            format,
            EXPORT_LABELS[format],
            EXPORT_ICONS[format],
            exporter.canExport ? () => exporter.open(format) : undefined,
            NOTHING_TO_EXPORT,
          ),
        ),
        // Print hands on the same result as the exports: nothing to print is 'Nothing to export.' too.
        item(
          'print',
          'Print',
          'pi pi-print',
          exporter.canExport ? exporter.print : undefined,
          hasResult ? NOTHING_TO_EXPORT : FLOW_TEXTS.unfinished,
        ),
      ],
    },
    {
      key: 'analysis',
      title: 'Analysis',
      items: [
        item(
          'share',
          'Share Link',
          'pi pi-share-alt',
          analysis && ShareDialog && analysis.permissions.share === 'allowed' && !analysis.hidden
            ? () => setDialog('share')
            : undefined,
          analysis?.hidden ? 'Save the analysis before sharing it' : 'You cannot share this analysis',
        ),
        {
          ...item(
            'save',
            analysis && !analysis.hidden ? 'Update Analysis' : 'Save Analysis',
            'pi pi-save',
            analysis && hasResults(analysis.status) ? () => setDialog('save') : undefined,
            FLOW_TEXTS.unfinished,
          ),
          ...(mayChange ? {} : { outcome: 'disallowed' as const }),
        },
      ],
    },
  ];

  return (
    <>
      <ActionSidebar label="Visualization actions">
        {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
      </ActionSidebar>
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        className="mr-visually-hidden-input"
        aria-label="Test visualization file"
        tabIndex={-1}
        onChange={(e) => void testFile(e)}
      />
      {dialog === 'save' && analysis && (
        <SaveAnalysisDialog uuid={uuid} analysis={analysis} kind={kind} onHide={() => setDialog(undefined)} />
      )}
      {dialog === 'share' && analysis && ShareDialog && (
        <ShareDialog
          uuid={uuid}
          modelName={model.data?.name ?? ''}
          type="display"
          instance={analysis}
          onHide={() => setDialog(undefined)}
          link={`${window.location.origin}${paths.visualizationRender.getHref(uuid, analysis.id)}`}
          kind="analysis"
        />
      )}
    </>
  );
}

/** Save Analysis (§2 dialogs, §4): the name, required; 'Analysis Saved' or 'Analysis Updated'. */
function SaveAnalysisDialog({
  uuid,
  analysis,
  kind,
  onHide,
}: {
  uuid: string;
  analysis: InstanceDetail;
  kind: 'calibration' | 'scenario' | undefined;
  onHide: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState(() => (analysis.hidden ? defaultAnalysisName(kind) : analysis.name));
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: () => saveAnalysis(uuid, analysis.id, name.trim()),
    onSuccess: (answer) => {
      notify.success(answer.saved ? FLOW_TEXTS.saved : FLOW_TEXTS.updated);
      queryClient.setQueryData(workspaceKeys.instance(uuid, analysis.id), answer.instance);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
      onHide();
    },
    onError: (e) => setError(e instanceof ApiError ? e.body?.message : undefined),
  });
  const submit = () => {
    if (!name.trim()) setError(FORM_MESSAGES.required('Name'));
    else save.mutate();
  };
  return (
    <ActionDialog
      header={analysis.hidden ? 'Save Analysis' : 'Update Analysis'}
      width="40rem"
      onHide={onHide}
      confirmLabel="Save"
      busy={save.isPending}
      onConfirm={submit}
    >
      <AnalysisNameField
        id={id}
        name={name}
        error={error}
        autoFocus
        onChange={(next) => {
          setName(next);
          setError(undefined);
        }}
        onSubmit={submit}
      />
    </ActionDialog>
  );
}
