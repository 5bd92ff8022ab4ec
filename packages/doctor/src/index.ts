// The entry of @wpwl/doctor: check a payment page from code (runDoctor, or
// diagnose on evidence already gathered), the inventory and baseline
// helpers, the report formats, and the types of findings and evidence. The
// wpwl-doctor command (cli.ts) is built on the same functions.
export { runDoctor, diagnose, type DoctorOptions, type DoctorReport } from './doctor.js';
export { collectEvidence, runDeadline, type CollectOptions } from './collect.js';
export { runCommand } from './command.js';
export { parseCliOptions, USAGE, type CliOptions } from './cli-options.js';
export { parseStep, checkSteps, type Step } from './steps.js';
export { DoctorError, type DoctorErrorCode } from './errors.js';
export { REQUIREMENTS, SEVERITIES, atLeast, type Finding, type Requirement, type Severity } from './findings.js';
export {
  buildInventory,
  readInventory,
  writeInventory,
  inventoryMarkdown,
  markdownJustifications,
  earlierJustifications,
  TRACKED_HEADERS,
  type Inventory,
  type InventoryScript,
} from './inventory.js';
export { compareWithBaseline } from './baseline.js';
export { formatText, formatJson } from './report.js';
export { parsePolicies, scriptAllowance, type Allowance, type Policy } from './csp.js';
export type * from './evidence.js';
