import type { FileNode } from '@shared/schemas/model-api';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { modelLanguages } from '../uploads/file-rules';

/** A file node as the API shows it: no S3 keys, sharing list, versions or item revision. */
export function toFileNode(f: ModelFileRecord): FileNode {
  const {
    modelUuid: _m,
    s3Key: _k,
    userAccess: _u,
    retired: _r,
    versions: _v,
    currentVersion: _c,
    origin: _o,
    rev: _rev,
    ...node
  } = f;
  return node;
}

/** The key of a node inside its entry: folder path and name ('/name' at the root). */
export const nodeKey = (f: { path: string; name: string }) => `${f.path}/${f.name}`;

/** The path of the folder a folder node stands for ('a/b' for the node b in a). */
export const folderPathOf = (f: { path: string; name: string }) => (f.path ? `${f.path}/${f.name}` : f.name);

/** Is `node` inside the folder whose own path is `folderPath` (at any depth)? */
export const isInside = (node: { path: string }, folderPath: string) =>
  node.path === folderPath || node.path.startsWith(`${folderPath}/`);

export const byPathAndName = (a: ModelFileRecord, b: ModelFileRecord) =>
  nodeKey(a).localeCompare(nodeKey(b), 'en');

/** The languages of an entry (file-rules.ts modelLanguages) from its main files and environments. */
export function languagesOf(model: ModelRecord, files: readonly ModelFileRecord[]): Set<string> {
  return modelLanguages({
    mainFileNames: files.filter((f) => f.mainFile && !f.folder).map((f) => f.name),
    ...(model.metadata.python_environment ? { pythonEnvironment: model.metadata.python_environment } : {}),
    ...(model.metadata.mathematica_environment
      ? { mathematicaEnvironment: model.metadata.mathematica_environment }
      : {}),
  });
}
