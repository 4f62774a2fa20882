import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { HashedFile } from '@shared/schemas/run-result';

/** A regular file under a directory: its path relative to it (with '/'), size and modification time. */
export interface ListedFile {
  path: string;
  absolute: string;
  bytes: number;
  mtimeMs: number;
}

/**
 * Lists the regular files under `root`, sorted by path. Symbolic links are neither followed nor
 * listed (a link to /etc/passwd is no output), and directories in `skip` (absolute) are left out.
 */
export async function listFiles(root: string, skip: readonly string[] = []): Promise<ListedFile[]> {
  const files: ListedFile[] = [];
  async function walk(dir: string): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      return; // Missing, or removed while we walk.
    }
    for (const name of entries) {
      const absolute = join(dir, name);
      if (skip.includes(absolute)) continue;
      const stat = await lstat(absolute).catch(() => undefined);
      if (!stat) continue;
      if (stat.isDirectory()) await walk(absolute);
      else if (stat.isFile())
        files.push({
          path: relative(root, absolute).split(sep).join('/'),
          absolute,
          bytes: stat.size,
          mtimeMs: stat.mtimeMs,
        });
    }
  }
  await walk(root);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function sha256Text(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function hashFiles(files: readonly ListedFile[]): Promise<HashedFile[]> {
  const hashed: HashedFile[] = [];
  for (const file of files)
    hashed.push({ path: file.path, bytes: file.bytes, sha256: await sha256File(file.absolute) });
  return hashed;
}

/** The hash of a files result: its manifest in `sha256sum` format, sorted by path. */
export function manifestSha256(files: readonly HashedFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return sha256Text(sorted.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
}
