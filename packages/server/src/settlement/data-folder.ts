// Owns the lock of an embedded database's data folder: PGlite's files must
// have one process at a time, and DIR/owner.pid names it. The lock file is
// only ever put in place whole (a temporary file linked or renamed onto the
// name), so a reader never sees it half written. A lock whose process is gone
// is stale and taken over; two processes that find the same stale lock race
// for one marker file named after it, created exclusively, and only the
// marker's holder replaces the lock: one of them wins, the other is told who.
// (A marker outlives its holder only if that process is killed in the few
// statements between taking it and replacing the lock; the next start removes it.)
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The lock file's name inside the data folder. */
export const DATA_FOLDER_LOCK_FILE = 'owner.pid';

/** Stable codes of a data folder that cannot be claimed. */
export type DataFolderLockErrorCode =
  /** Another live process (or this one, through another opening) has the folder. */
  | 'FOLDER_IN_USE'
  /** The lock file could not be written or read (permissions, a missing folder, a full disk). */
  | 'LOCK_FAILED';

/** Why {@link claimDataFolder} refused. */
export class DataFolderLockError extends Error {
  override readonly name = 'DataFolderLockError';
  readonly code: DataFolderLockErrorCode;
  /** The lock file, DIR/owner.pid. */
  readonly lockFile: string;
  /** With `FOLDER_IN_USE`: the process that has the folder. */
  readonly ownerPid: number | undefined;
  constructor(code: DataFolderLockErrorCode, message: string, details: { lockFile: string; ownerPid?: number; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.lockFile = details.lockFile;
    this.ownerPid = details.ownerPid;
  }
}

/** Options of {@link claimDataFolder}. */
export interface ClaimDataFolderOptions {
  /**
   * What the one refused should do, added to the `FOLDER_IN_USE` message,
   * e.g. `stop that process first, or use PostgreSQL`.
   */
  advice?: string;
}

/** A claimed data folder. */
export interface DataFolderClaim {
  /** The lock file, DIR/owner.pid, naming this process. */
  readonly lockFile: string;
  /** Gives the folder up: removes the lock file if it still names this process. Safe to call twice. */
  release(): void;
}

/** Folders claimed in this process: a second opening in the same process is refused too. */
const claimedHere = new Set<string>();

/** How many times to look again when the lock changed under us. */
const ATTEMPTS = 50;
/** A takeover marker whose holder still runs is waited for this long between looks. */
const MARKER_WAIT_MS = 20;

/**
 * Takes the data folder `dataDir` for this process, or throws a
 * {@link DataFolderLockError} `FOLDER_IN_USE` naming the process that has it.
 *
 * DIR/owner.pid holds the owner's pid. A lock whose process no longer runs
 * (killed without closing) is taken over, atomically: of several processes
 * starting at once on the same stale lock exactly one gets the folder, the
 * others are refused with the winner's pid. Call `release()` when the
 * database is closed; only the owner removes the lock.
 *
 * @example
 * const claim = await claimDataFolder('./data');
 * const db = new PGlite('./data/pgdata');
 * // … and when closing:
 * await db.close();
 * claim.release();
 */
export async function claimDataFolder(dataDir: string, options: ClaimDataFolderOptions = {}): Promise<DataFolderClaim> {
  const folder = resolve(dataDir);
  const lockFile = join(folder, DATA_FOLDER_LOCK_FILE);
  const inUse = (owner: number, where = '') =>
    new DataFolderLockError(
      'FOLDER_IN_USE',
      `the data folder ${folder} is in use by process ${owner}${where} (${lockFile})` +
        (options.advice ? `: ${options.advice}` : '') +
        (owner === process.pid
          ? '.'
          : `. If process ${owner} is not one of the shop's, it was stopped without closing: remove ${lockFile}.`),
      { lockFile, ownerPid: owner },
    );
  if (claimedHere.has(folder)) throw inUse(process.pid, ' (this process has it open already)');
  const failed = (what: string, error: unknown) =>
    new DataFolderLockError('LOCK_FAILED', `cannot ${what} ${lockFile}: ${(error as Error).message}`, { lockFile, cause: error });

  // The lock's content, complete before it gets the lock's name.
  const mine = `${lockFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(mine, String(process.pid), { flag: 'wx' });
  } catch (error) {
    throw failed('write next to', error);
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // The free folder: link() refuses an existing name, so of two processes one gets it.
      try {
        linkSync(mine, lockFile);
        return claimed(folder, lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw failed('write', error);
      }
      const lock = readLock(lockFile);
      if (!lock) continue; // Released between the two looks: try again.
      if (lock.pid === process.pid && claimedHere.has(folder)) throw inUse(process.pid, ' (this process has it open already)');
      if (lock.pid !== undefined && lock.pid !== process.pid && isAlive(lock.pid)) throw inUse(lock.pid);
      // Its owner is gone (or was this pid in an earlier life, or it names no pid): stale.
      // Only the holder of the marker named after this lock may replace it.
      const marker = `${lockFile}.takeover-${lock.pid ?? 'unnamed'}-${lock.ino}`;
      try {
        linkSync(mine, marker);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw failed('write next to', error);
        const holder = readLock(marker);
        if (holder?.pid !== undefined && holder.pid !== process.pid && isAlive(holder.pid)) {
          // Another process is taking this lock over right now: look again once it is done.
          await sleep(MARKER_WAIT_MS);
        } else {
          // Its holder stopped between taking the marker and replacing the lock: the marker is left over.
          rmSync(marker, { force: true });
        }
        continue;
      }
      try {
        // Still the same stale lock? Nobody else can replace it while we hold its marker.
        const now = readLock(lockFile);
        if (now && now.ino === lock.ino && now.pid === lock.pid) {
          // rename() replaces the name in one step: readers see the stale lock or ours, never none.
          try {
            renameSync(mine, lockFile);
          } catch (error) {
            throw failed('write', error);
          }
          return claimed(folder, lockFile);
        }
      } finally {
        rmSync(marker, { force: true });
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  const last = readLock(lockFile);
  if (last?.pid !== undefined) throw inUse(last.pid);
  throw new DataFolderLockError('LOCK_FAILED', `cannot take ${lockFile}: it kept changing while this process looked at it`, {
    lockFile,
  });
}

function claimed(folder: string, lockFile: string): DataFolderClaim {
  claimedHere.add(folder);
  let released = false;
  return {
    lockFile,
    release() {
      if (released) return;
      released = true;
      claimedHere.delete(folder);
      if (readLock(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
    },
  };
}

/** The lock file's pid (undefined when it names none) and inode, or undefined when there is no file. */
function readLock(file: string): { pid: number | undefined; ino: number } | undefined {
  try {
    const { ino } = statSync(file);
    const pid = Number(readFileSync(file, 'utf8').trim());
    return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined, ino };
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
