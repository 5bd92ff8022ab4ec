// The wpwl-doctor executable: runs the command (command.ts) with the process's
// arguments and exits with its code.
import { runCommand } from './command.js';

process.exitCode = await runCommand(process.argv.slice(2));
