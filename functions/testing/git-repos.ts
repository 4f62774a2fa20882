import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SeedCommit {
  readonly message: string;
  readonly author: { readonly name: string; readonly email: string };
  /** ISO date; fixed dates keep commit ids stable between seeds. */
  readonly date: string;
  /** Path → new text; `null` deletes the file. */
  readonly files: Readonly<Record<string, string | null>>;
}

export interface SeedBranch {
  readonly name: string;
  /** The branch it starts from (at that branch's last commit so far); absent: the first branch. */
  readonly from?: string;
  readonly commits: readonly SeedCommit[];
}

/**
 * Builds the bare repository `<target>` (e.g. `<root>/DEMO/cea-model.git`, the git provider's layout)
 * from branches of commits, the first branch being the default one. Used by the git provider's tests
 * and the demo seed; git runs with argument arrays in a temporary work tree that is removed after.
 */
export async function buildGitRepository(target: string, branches: readonly SeedBranch[]): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'mr-git-seed-'));
  const git = (args: string[], env: Record<string, string> = {}) =>
    run('git', args, { cwd: work, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env } });
  try {
    const first = branches[0]?.name ?? 'main';
    await git(['init', '--quiet', `--initial-branch=${first}`]);
    for (const branch of branches) {
      if (branch.from) await git(['checkout', '--quiet', '-b', branch.name, branch.from]);
      for (const commit of branch.commits) {
        for (const [path, text] of Object.entries(commit.files)) {
          const file = join(work, path);
          if (text === null) await rm(file, { force: true });
          else {
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, text);
          }
        }
        await git(['add', '--all']);
        const when = `${commit.date}`;
        await git(['commit', '--quiet', '--allow-empty', '-m', commit.message], {
          GIT_AUTHOR_NAME: commit.author.name,
          GIT_AUTHOR_EMAIL: commit.author.email,
          GIT_AUTHOR_DATE: when,
          GIT_COMMITTER_NAME: commit.author.name,
          GIT_COMMITTER_EMAIL: commit.author.email,
          GIT_COMMITTER_DATE: when,
        });
      }
    }
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await run('git', ['clone', '--quiet', '--bare', '--no-local', work, target]);
    // A bare clone keeps the branches as refs/heads; HEAD names the first branch (the default).
    await run('git', ['--git-dir', target, 'symbolic-ref', 'HEAD', `refs/heads/${first}`]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
