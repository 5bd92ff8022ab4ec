// Fresh apps outside the workspace, as a merchant starts them: the workspace's
// packages packed with `pnpm pack`, files written into the app, and commands
// run whose failure carries their whole output (a framework's build or type
// checker says why on stdout).
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const REPO = fileURLToPath(new URL('../..', import.meta.url));

type RunOptions = Parameters<typeof execFileAsync>[2];

/** Runs a command; a failure throws with the command's output. */
export async function run(command: string, args: string[], options: RunOptions): Promise<{ stdout: string }> {
  try {
    const { stdout } = await execFileAsync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { stdout: String(stdout) };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`.slice(-6000), { cause: error });
  }
}

/** Like {@link run}, but a failing command is an answer: whether it succeeded, and its output. */
export async function check(command: string, args: string[], options: RunOptions): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: `${String(stdout)}\n${String(stderr)}` };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}\n${stderr}` };
  }
}

/** Writes `files` (path → text) under `dir`. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/**
 * Packs `packages/<name>` for each name into `tarballs`, as `pnpm publish`
 * would, and returns the dependencies an app's package.json names them by:
 * `{ '@wpwl/core': 'file:/…/wpwl-core-0.1.0.tgz', … }`.
 */
export async function packPackages(names: readonly string[], tarballs: string): Promise<Record<string, string>> {
  await mkdir(tarballs, { recursive: true });
  const packed: Record<string, string> = {};
  for (const name of names) {
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(REPO, 'packages', name) });
    packed[`@wpwl/${name}`] = `file:${stdout.trim().split('\n').at(-1)!.trim()}`;
  }
  return packed;
}
