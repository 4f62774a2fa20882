import { parseParametersJson } from '@shared/sub-models/instance-values';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { expertiseQuery } from '../../../../api/models';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/current-user';
import { inputsQuery, instanceQuery } from '../../api/visualization-api';
import { FlowLayout } from './flow-layout';
import type { ParametersFormComponent } from './parameters-slot';

/**
 * Show Input Parameters (spec 001 §2 route parameters-display/:scenarioId): the analysis's display
 * parameters, read-only, in the parameter widgets of the instance editor.
 */
export default function ParametersDisplayPage({
  parametersForm: ParametersForm,
}: {
  parametersForm: ParametersFormComponent;
}) {
  const { modelUuid = '', scenarioId = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle('Input Parameters');
  const me = useCurrentUser();
  const analysis = useQuery(instanceQuery(modelUuid, scenarioId));
  const inputs = useQuery(inputsQuery(modelUuid, analysis.data?.executionSetupId ?? ''));
  const expertise = useQuery(expertiseQuery(modelUuid, me.id));
  const input = inputs.data?.items.find((i) => i.id === analysis.data?.input.modelInputId);
  const definitions = useMemo(() => {
    if (input?.type !== 'JSONTEMPLATE') return undefined;
    const check = validateTemplateText(input.value);
    return check.valid ? check.definitions : undefined;
  }, [input]);
  const parsed = parseParametersJson(analysis.data?.input.value || '{}');
  const values = parsed.ok ? parsed.values : {};

  return (
    <FlowLayout uuid={modelUuid} step={3}>
      <h1 className="mr-page-title">Input Parameters</h1>
      <p>
        <Button
          type="button"
          link
          icon="pi pi-arrow-left"
          label="Back to the visualization"
          onClick={() => navigate(paths.visualizationRender.getHref(modelUuid, scenarioId))}
        />
      </p>
      {analysis.isPending || inputs.isPending ? (
        <Spinner />
      ) : !analysis.data ? (
        <p className="mr-error-text">Instance not found.</p>
      ) : definitions ? (
        <ParametersForm
          definitions={definitions}
          values={values}
          userLevel={expertise.data?.expertiseTypeLevel ?? 500}
          readOnly
          issues={[]}
          onChange={() => undefined}
          upload={{ uuid: modelUuid, instanceId: scenarioId }}
        />
      ) : (
        <pre className="mr-json-view">{JSON.stringify(values, null, 2)}</pre>
      )}
    </FlowLayout>
  );
}
