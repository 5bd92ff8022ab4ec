// The embedded database's folder lock (DIR/owner.pid) as the merchant server
// and the wpwl-reconcile command take it: a live owner refused by pid, a dead
// owner's lock taken over, the lock gone once released, and several processes
// starting at once on the same stale lock: exactly one gets the folder. The
// race runs in separate processes on the built package (dist/settlement.js).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataFolder, DataFolderLockError } from '../src/settlement/index.js';

const BUILT = fileURLToPath(new URL('../dist/settlement.js', import.meta.url));
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'wpwl-data-folder-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
const folder = () => {
  const dir = join(root, `shop-${++folders}`);
  mkdirSync(dir);
  return dir;
};

/** The pid of a process that has ended. */
function deadPid(): number {
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(gone.stdout);
}

/** What a refused claim threw. */
async function refusal(dir: string): Promise<DataFolderLockError> {
  const error = await claimDataFolder(dir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataFolderLockError);
  return error as DataFolderLockError;
}

describe('claimDataFolder', () => {
  it('writes its pid into DIR/owner.pid and removes it on release, once', async () => {
    const dir = folder();
    const claim = await claimDataFolder(dir);
    expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    claim.release();
    expect(existsSync(join(dir, 'owner.pid'))).toBe(false);
    // Released twice: the next owner's lock stays.
    const next = await claimDataFolder(dir);
    claim.release();
    expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    next.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder a live process has, naming its pid, and leaves its lock alone', async () => {
    const dir = folder();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'owner.pid'), String(owner.pid));
      const error = await refusal(dir);
      expect(error.code).toBe('FOLDER_IN_USE');
      expect(error.ownerPid).toBe(owner.pid);
      expect(error.message).toContain(`is in use by process ${owner.pid}`);
      expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(owner.pid));
      expect(readdirSync(dir)).toEqual(['owner.pid']);
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('refuses a second opening in the same process', async () => {
    const dir = folder();
    const claim = await claimDataFolder(dir);
    try {
      const error = await refusal(dir);
      expect(error.code).toBe('FOLDER_IN_USE');
      expect(error.ownerPid).toBe(process.pid);
    } finally {
      claim.release();
    }
  });

  it('takes over the lock of a process that is gone, and a takeover marker its holder left behind', async () => {
    const dir = folder();
    const stale = deadPid();
    writeFileSync(join(dir, 'owner.pid'), `${stale}\n`);
    const claim = await claimDataFolder(dir);
    expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    claim.release();

    // A process killed half-way through a takeover left its marker: it blocks nobody.
    writeFileSync(join(dir, 'owner.pid'), String(stale));
    const { ino } = statSync(join(dir, 'owner.pid'));
    writeFileSync(join(dir, `owner.pid.takeover-${stale}-${ino}`), String(deadPid()));
    const again = await claimDataFolder(dir);
    expect(readFileSync(join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    again.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('several processes taking over the same stale lock at once: exactly one gets the folder, the others are told its pid', async () => {
    const contenders = 4;
    for (let round = 0; round < 4; round++) {
      const dir = folder();
      writeFileSync(join(dir, 'owner.pid'), String(deadPid()));
      const go = join(dir, '..', `go-${folders}`);
      // Each waits for the same start signal, claims, and holds what it won until the others have answered.
      const script = `
        import { existsSync } from 'node:fs';
        const { claimDataFolder } = await import(${JSON.stringify(BUILT)});
        console.log('ready');
        while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
        try {
          const claim = await claimDataFolder(${JSON.stringify(dir)});
          console.log(JSON.stringify({ won: process.pid }));
          await new Promise((r) => setTimeout(r, 1500));
          claim.release();
        } catch (error) {
          console.log(JSON.stringify({ lost: process.pid, code: error.code, owner: error.ownerPid, message: error.message }));
        }`;
      let ready = 0;
      let allReady!: () => void;
      const started = new Promise<void>((resolve) => (allReady = resolve));
      const children = Array.from({ length: contenders }, () => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          const wasReady = out.includes('ready');
          out += chunk.toString();
          if (!wasReady && out.includes('ready') && ++ready === contenders) allReady();
        });
        return new Promise<Record<string, unknown>>((resolve, reject) => {
          child.on('error', reject);
          child.on('close', () => resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown>));
        });
      });
      // Every child has loaded the package and is polling: then the signal.
      await started;
      writeFileSync(go, '');
      const answers = await Promise.all(children);

      const winners = answers.filter((answer) => 'won' in answer);
      expect(winners, JSON.stringify(answers)).toHaveLength(1);
      const losers = answers.filter((answer) => 'lost' in answer);
      expect(losers).toHaveLength(contenders - 1);
      for (const loser of losers) {
        expect(loser).toMatchObject({ code: 'FOLDER_IN_USE', owner: winners[0]?.won });
        expect(loser.message).toContain(`is in use by process ${String(winners[0]?.won)}`);
      }
      // The winner released it on closing; no marker or temporary file is left.
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 30_000);
});
