// Owns the wpwl-doctor command's run: reads the command line, checks the
// page, prints the report (text or JSON), writes the inventory when asked,
// and answers the exit code: 0 (nothing at or above --fail-on), 1 (findings
// or baseline changes) or 2 (usage error, or the page could not be checked).
import { existsSync } from 'node:fs';
import { parseCliOptions, USAGE } from './cli-options.js';
import { runDoctor } from './doctor.js';
import { DoctorError } from './errors.js';
import { earlierJustifications, inventoryPaths, readInventory, writeInventory } from './inventory.js';
import { formatJson, formatText } from './report.js';

/** Runs the command with `argv` (without node and the script); resolves with the exit code. */
export async function runCommand(
  argv: readonly string[],
  io: { out: (text: string) => void; err: (text: string) => void } = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
): Promise<number> {
  try {
    const options = parseCliOptions(argv);
    if (options.help) {
      io.out(USAGE);
      return 0;
    }
    const baseline = options.baseline ? readInventory(options.baseline) : undefined;
    const justifications =
      options.writeInventory &&
      (existsSync(inventoryPaths(options.writeInventory).json) || existsSync(inventoryPaths(options.writeInventory).markdown))
        ? earlierJustifications(options.writeInventory)
        : undefined;
    const { baseline: _path, ...rest } = options;
    const report = await runDoctor({ ...rest, ...(baseline ? { baseline } : {}), ...(justifications ? { justifications } : {}) });
    io.out(options.json ? formatJson(report) : formatText(report));
    if (options.writeInventory) {
      const written = await writeInventory(options.writeInventory, report.inventory);
      io.err(`wpwl-doctor: inventory written to ${written.json} and ${written.markdown}\n`);
    }
    return report.failed ? 1 : 0;
  } catch (error) {
    if (error instanceof DoctorError) {
      io.err(`wpwl-doctor: ${error.code}: ${error.message}\n`);
      if (error.code === 'INVALID_ARGUMENT' || error.code === 'INVALID_STEP') io.err('Run wpwl-doctor --help for the options.\n');
      return 2;
    }
    io.err(`wpwl-doctor: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}
