import { MESSAGES } from '@shared/messages';
import { VERSION_MAX_LENGTH, VERSION_MESSAGES, versionLineageProblem } from '@shared/rules/model-version';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { LineageNode } from '@shared/schemas/versions-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { TabPanel, TabView } from 'primereact/tabview';
import { useId, useMemo, useState } from 'react';
import { entryKeys, entryQuery } from '../../../../api/entry';
import { hierarchyQuery, lineageRootsQuery, updateLineage } from '../../../../api/versions';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { RESTRICTED_ACCESS } from './lineage-texts';
import '../versions.css';

export const LINEAGE_TEXTS = {
  selectTab: 'Select Lineage',
  linkTab: 'Link Model Entry',
  notConnected: 'Model is not connected yet',
  topLevel: 'There is no parent you can select. This model entry is at top level.',
  noAncestry: 'Based on metadata no ancestry possibilities were found.',
  updated: 'Model Lineage updated',
  newLineage: 'Start a new lineage (this model entry becomes its root)',
} as const;

/** Where the entry is to go: nowhere chosen yet, a lineage of its own, or under a parent of a lineage. */
type Choice = { rootId?: undefined } | { rootId: 'new' } | { rootId: string; parentId?: string };

/** The nodes of a tree in display order (parents before children) with their depth. */
function withDepth(nodes: readonly LineageNode[]): { node: LineageNode; depth: number }[] {
  const children = new Map<string | null, LineageNode[]>();
  const ids = new Set(nodes.map((n) => n.uuid));
  for (const n of nodes) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: { node: LineageNode; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const n of children.get(parent) ?? []) {
      out.push({ node: n, depth });
      walk(n.uuid, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The entry and everything below it: none of them can become its parent (the server answers 409). */
function subtreeOf(uuid: string, nodes: readonly LineageNode[]): Set<string> {
  const inside = new Set([uuid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId && inside.has(n.parentId) && !inside.has(n.uuid)) {
        inside.add(n.uuid);
        grew = true;
      }
    }
  }
  return inside;
}

const nodeLabel = (n: { restricted: boolean; name?: string; version?: string }) =>
  n.restricted ? RESTRICTED_ACCESS : `${n.name ?? ''}${n.version ? ` (Version ${n.version})` : ''}`;

/**
 * The Lineage action of the detail's Editing group (000 §2 "Edit dialogs", §4 "Lineage editing"):
 * 'Select Lineage' offers the lineages whose root has the same product, disease and therapeutic area,
 * or a new lineage; 'Link Model Entry' picks the parent in the chosen lineage and the entry's version
 * (000 §5). The server moves the entry with its subtree and the changelog link in one write.
 */
export function EditLineageDialog({ model, onHide }: { model: ModelDetail; onHide: () => void }) {
  const queryClient = useQueryClient();
  const ids = { version: useId(), hint: useId(), error: useId() };
  const meta = model.metadata;
  const roots = useQuery(
    lineageRootsQuery({
      product: meta.product ?? [],
      disease: meta.disease,
      therapeutic_area: meta.therapeutic_area,
      exclude: model.uuid,
    }),
  );
  const own = useQuery(hierarchyQuery(model.uuid));
  const [tab, setTab] = useState(0);
  const [choice, setChoice] = useState<Choice | undefined>();
  const [version, setVersion] = useState(meta.version_release_of_model ?? '');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // A 409's reason: a stale entry, a move under its own subtree, or a name another entry holds.
  const [conflict, setConflict] = useState<string | undefined>();

  // Until the user chooses, the entry's present place is the choice.
  const current: Choice = useMemo(() => {
    if (!meta.tree_root_id) return {};
    if (!meta.tree_parent_id) return meta.tree_root_id === model.uuid ? { rootId: 'new' } : {};
    return { rootId: meta.tree_root_id, parentId: meta.tree_parent_id };
  }, [meta.tree_root_id, meta.tree_parent_id, model.uuid]);
  const chosen = choice ?? current;
  const lineageRoot = chosen.rootId && chosen.rootId !== 'new' ? chosen.rootId : undefined;
  const tree = useQuery({ ...hierarchyQuery(lineageRoot ?? ''), enabled: !!lineageRoot });
  const parentId = 'parentId' in chosen ? chosen.parentId : undefined;
  const parent = useQuery({ ...entryQuery(parentId ?? ''), enabled: !!parentId });

  const connected = chosen.rootId === 'new' || !!parentId;
  const parentNode = tree.data?.nodes.find((n) => n.uuid === parentId);
  const childVersions = (own.data?.nodes ?? [])
    .filter((n) => n.parentId === model.uuid && n.version)
    .map((n) => n.version as string);
  const versionProblem = versionLineageProblem({
    metadata: { ...meta, version_release_of_model: version },
    parent: parentId ? parent.data?.metadata : undefined,
    childVersions,
  });
  const parentVersion = parentNode?.version ?? parent.data?.metadata.version_release_of_model;
  const candidates = (roots.data?.items ?? []).filter((r) => r.uuid !== model.uuid);
  const blocked = subtreeOf(model.uuid, tree.data?.nodes ?? []);

  const saveLineage = useMutation({
    mutationFn: () =>
      updateLineage(model.uuid, {
        parentId: chosen.rootId === 'new' ? null : (parentId ?? null),
        version,
        changelogFile: meta.changelog_file ?? null,
        rev: model.rev,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(entryKeys.detail(model.uuid), saved);
      void queryClient.invalidateQueries({ queryKey: entryKeys.all });
      notify.success(LINEAGE_TEXTS.updated);
      onHide();
    },
    // Other refusals: the API client has shown the server's message.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        setConflict(error.body?.message ?? MESSAGES.staleModelReload);
    },
  });

  const save = () => {
    setSubmitted(true);
    setTouched(true);
    if (!connected || versionProblem) return;
    setConflict(undefined);
    saveLineage.mutate();
  };

  return (
    <ActionDialog
      header="Edit Lineage"
      width="48rem"
      onHide={onHide}
      confirmLabel="Save"
      onConfirm={save}
      busy={saveLineage.isPending}
      confirmDisabled={submitted && (!connected || !!versionProblem)}
      confirmTitle={!connected ? LINEAGE_TEXTS.notConnected : (versionProblem ?? undefined)}
    >
      {conflict && (
        <p role="alert" className="mr-lineage-edit__problem">
          {conflict}
        </p>
      )}
      {submitted && !connected && (
        <p role="alert" className="mr-lineage-edit__problem">
          {LINEAGE_TEXTS.notConnected}
        </p>
      )}
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header={LINEAGE_TEXTS.selectTab}>
          {roots.isPending ? (
            <Spinner label="Looking for lineages" />
          ) : (
            <fieldset className="mr-lineage-edit__choices">
              <legend>Lineages with the same product, disease and therapeutic area</legend>
              {candidates.length === 0 && (
                <div role="status">
                  <p>{LINEAGE_TEXTS.topLevel}</p>
                  <p>{LINEAGE_TEXTS.noAncestry}</p>
                </div>
              )}
              {candidates.map((root) => (
                <div key={root.uuid} className="mr-lineage-edit__choice">
                  <RadioButton
                    inputId={`lineage-${root.uuid}`}
                    name="lineage"
                    value={root.uuid}
                    checked={chosen.rootId === root.uuid}
                    onChange={() => {
                      setChoice({ rootId: root.uuid });
                      setTab(1);
                    }}
                  />
                  <label htmlFor={`lineage-${root.uuid}`}>{nodeLabel(root)}</label>
                </div>
              ))}
              <div className="mr-lineage-edit__choice">
                <RadioButton
                  inputId="lineage-new"
                  name="lineage"
                  value="new"
                  checked={chosen.rootId === 'new'}
                  onChange={() => setChoice({ rootId: 'new' })}
                />
                <label htmlFor="lineage-new">{LINEAGE_TEXTS.newLineage}</label>
              </div>
            </fieldset>
          )}
        </TabPanel>
        <TabPanel header={LINEAGE_TEXTS.linkTab}>
          {chosen.rootId === 'new' ? (
            <p>This model entry starts a new lineage: it has no parent.</p>
          ) : !lineageRoot ? (
            <p role="status">{LINEAGE_TEXTS.notConnected}</p>
          ) : tree.isPending ? (
            <Spinner label="Loading the lineage" />
          ) : tree.isError ? (
            <p role="alert">The lineage could not be loaded.</p>
          ) : (
            <fieldset className="mr-lineage-edit__choices">
              <legend>Parent model entry</legend>
              {withDepth(tree.data.nodes).map(({ node, depth }) => {
                const disabled = node.restricted || blocked.has(node.uuid);
                return (
                  <div
                    key={node.uuid}
                    className="mr-lineage-edit__choice"
                    style={{ paddingLeft: `${depth * 1.5}rem` }}
                  >
                    <RadioButton
                      inputId={`parent-${node.uuid}`}
                      name="parent"
                      value={node.uuid}
                      disabled={disabled}
                      checked={parentId === node.uuid}
                      onChange={() => setChoice({ rootId: lineageRoot, parentId: node.uuid })}
                    />
                    <label htmlFor={`parent-${node.uuid}`}>
                      {nodeLabel(node)}
                      {node.uuid === model.uuid ? ' (this model entry)' : ''}
                    </label>
                  </div>
                );
              })}
            </fieldset>
          )}
        </TabPanel>
      </TabView>
      <div className="mr-lineage-edit__version">
        <label htmlFor={ids.version}>Version</label>
        <InputText
          id={ids.version}
          value={version}
          maxLength={VERSION_MAX_LENGTH}
          invalid={touched && !!versionProblem}
          aria-invalid={touched && !!versionProblem}
          aria-describedby={`${ids.hint} ${ids.error}`}
          onChange={(e) => setVersion(e.target.value.trim())}
          onBlur={() => setTouched(true)}
        />
        <small id={ids.hint}>{parentVersion ? VERSION_MESSAGES.minimum(parentVersion) : ' '}</small>
        <small
          id={ids.error}
          className="mr-error-text"
          role={touched && versionProblem ? 'alert' : undefined}
        >
          {touched ? versionProblem : undefined}
        </small>
      </div>
    </ActionDialog>
  );
}
