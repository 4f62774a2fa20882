import type { ModelDetail } from '@shared/schemas/model-api';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { useOutletContext } from 'react-router-dom';

/**
 * The sub-model workspace (spec 001 §2): every route under /model/:modelUuid/... of the sub-model and
 * instance screens renders inside one layout (features/sub-models/components/workspace/
 * sub-model-workspace.tsx) that draws the page header (Calibration/Display/Scenario Management with
 * the Model Name, Sub-model and Instance tiles) and the right-hand action sidebar. The layout tells
 * its pages what it resolved through the outlet context; pages read it with `useWorkspace()`.
 *
 * Lives in lib because two features share it (features never import each other, STYLE.md §9).
 *
 * The instance the workspace shows is the route's `:scenarioId`, else the `?instance=` query value
 * (a row selected in the instance list: `selectInstance` sets it, so the selection survives reload).
 * The workspace reads it with GET /v2/models/{uuid}/instances/{id} under `workspaceKeys.instance`:
 * an instance query under the same key shares that cache entry.
 */
export interface WorkspaceInstance {
  id: string;
  name: string;
  /** The instance's sub-model (execution setup). */
  executionSetupId: string;
}

export interface Workspace {
  modelUuid: string;
  /** The entry (GET /v2/models/{uuid}); undefined while loading. */
  model: ModelDetail | undefined;
  /** The section: from the route (`:section`), else the sub-model's type; undefined until known. */
  section: SubModelType | undefined;
  /** The sub-model of the page (route, or the instance's), undefined on the sub-model list. */
  subModel: SubModelView | undefined;
  /** The instance id of the page (route `:scenarioId` or `?instance=`). */
  instanceId: string | undefined;
  /** The instance once loaded. */
  instance: WorkspaceInstance | undefined;
  /** Selects an instance (`?instance=`); undefined clears the selection. */
  selectInstance: (instanceId: string | undefined) => void;
  /** Selects a sub-model on the sub-model list (`?subModel=`); undefined clears the selection. */
  selectSubModel: (subModelId: string | undefined) => void;
}

/** The query parameters the workspace reads. */
export const WORKSPACE_QUERY = { instance: 'instance', subModel: 'subModel' } as const;

/** Query keys below the entry's key (['models', uuid]), so that invalidating ['models', uuid] refreshes them. */
export const workspaceKeys = {
  subModels: (uuid: string) => ['models', uuid, 'sub-models'] as const,
  subModelList: (uuid: string, type: SubModelType) => ['models', uuid, 'sub-models', 'list', type] as const,
  subModel: (uuid: string, subModelId: string) => ['models', uuid, 'sub-models', subModelId] as const,
  inputs: (uuid: string, subModelId: string) => ['models', uuid, 'sub-models', subModelId, 'inputs'] as const,
  instances: (uuid: string) => ['models', uuid, 'instances'] as const,
  instance: (uuid: string, instanceId: string) => ['models', uuid, 'instances', instanceId] as const,
};

/** The workspace of the current page (inside the workspace layout only). */
export function useWorkspace(): Workspace {
  const workspace = useOutletContext<Workspace | undefined>();
  if (!workspace) throw new Error('useWorkspace() outside the sub-model workspace layout');
  return workspace;
}

/**
 * The Instances group of the workspace sidebar comes from the instances feature: app/router.tsx passes
 * its component to the workspace layout (`instanceGroup` prop). It renders
 * `<ActionGroupView group={...} collapsed={collapsed} />` (components/ui/action-sidebar) and the
 * dialogs its items open; the spec hides the group in the display section (the workspace does not
 * render it there).
 */
export interface InstanceGroupProps {
  workspace: Workspace;
  collapsed: boolean;
}
