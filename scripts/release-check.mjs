// Release check (`pnpm release:check`): packs every public package (those
// under packages/ without "private": true) with `pnpm pack`, as `pnpm publish`
// would, and checks what its registry page and its installers need:
//
// - a LICENSE file in the tarball and a `license` field;
// - a README whose links work from the registry: absolute URLs, files inside
//   the tarball, anchors that are headings of the file they point to;
// - no unpublished dependency: nothing left on a `workspace:`, `link:` or
//   `file:` range, no private workspace package, and a workspace package's
//   range names its version in the workspace (as pnpm pack writes it);
// - exports that resolve: the package's own `lint:package` script (publint
//   --strict and attw --profile esm-only, and whatever else it adds);
// - `repository`, `homepage` and `bugs`: unset until a public repository
//   exists, so they are warnings, and failures with RELEASE=1.
//
// The packages must be built first (`pnpm build`; `pnpm test` builds before it
// runs this). Exits 1 when anything fails. No network: absolute links are not
// fetched.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const release = process.env.RELEASE === '1';
const URL_FIELDS = ['repository', 'homepage', 'bugs'];
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const LOCAL_RANGE = /^(workspace|link|file|portal|catalog):/;

// Every project of the workspace (examples, e2e and bench included), to tell a
// dependency on a private one.
const projects = JSON.parse(execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }));
const workspace = new Map(projects.map((project) => [project.name, project]));
const packagesDir = join(root, 'packages');
const publicPackages = projects
  .filter((project) => !project.private && project.path.startsWith(packagesDir + sep))
  .sort((a, b) => a.name.localeCompare(b.name));

// ---------------------------------------------------------------- Markdown

// The lines of a Markdown file with fenced code blocks blanked (line numbers
// kept): a heading or a link inside a code block is text.
const proseLines = (markdown) => {
  let fence = null;
  return markdown.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
};

const decode = (text) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const withoutCodeSpans = (line) => line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));

// GitHub's (and the npm registry's) anchor for a heading: the rendered text,
// lower-cased, punctuation dropped, spaces to hyphens; repeats get -1, -2 …
const headingText = (heading) =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (markdown) => {
  const anchors = new Set();
  const seen = new Map();
  const add = (text) => {
    const base = slug(headingText(text));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  };
  const lines = proseLines(markdown);
  lines.forEach((line, index) => {
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) add(atx[1]);
    else if (/^\s{0,3}(=+|-+)\s*$/.test(line) && index > 0 && /\S/.test(lines[index - 1]) && !/^\s{0,3}#/.test(lines[index - 1])) {
      add(lines[index - 1].trim());
    }
    for (const match of line.matchAll(/<[a-z]+\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(match[1]);
  });
  return anchors;
};

// Every link and image target of a Markdown file, with its line: inline
// `[text](target)` and `![alt](target)`, reference definitions
// `[label]: target`, and HTML href / src attributes.
const linksOf = (markdown) => {
  const links = [];
  proseLines(markdown).forEach((rawLine, index) => {
    const line = withoutCodeSpans(rawLine);
    const add = (target) => links.push({ line: index + 1, target: target.replace(/^<(.*)>$/, '$1') });
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)/g)) add(match[1]);
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) add(definition[1]);
    for (const match of line.matchAll(/<(?:a|img|source)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi)) add(match[1]);
  });
  return links;
};

// ---------------------------------------------------------------- checks

const listFiles = (dir, base = dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [relative(base, path).split(sep).join('/')];
  });

const checkLicense = (manifest, files) => {
  const file = files.find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  const problems = [];
  if (!file) problems.push('no LICENSE file in the tarball');
  if (!manifest.license) problems.push('no "license" field');
  return { label: file ? `${file} (${manifest.license ?? 'no license field'})` : 'LICENSE', problems };
};

const checkReadme = (unpacked, files) => {
  const readme = files.find((name) => /^readme(\.md)?$/i.test(name));
  if (!readme) return { label: 'README', problems: ['no README in the tarball: the registry page would be empty'] };
  const markdown = (name) => readFileSync(join(unpacked, name), 'utf8');
  const text = markdown(readme);
  const fileSet = new Set(files);
  const counts = { absolute: 0, anchor: 0, relative: 0 };
  const problems = [];
  for (const { line, target } of linksOf(text)) {
    const where = `${readme}:${line} ${target}`;
    if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) {
      counts.absolute++;
      continue;
    }
    const hashAt = target.indexOf('#');
    const pathPart = (hashAt === -1 ? target : target.slice(0, hashAt)).replace(/\?.*$/, '');
    const fragment = hashAt === -1 ? '' : decode(target.slice(hashAt + 1));
    if (pathPart === '') {
      counts.anchor++;
      if (!anchorsOf(text).has(fragment)) problems.push(`${where}: no heading "#${fragment}" in ${readme}`);
      continue;
    }
    counts.relative++;
    if (pathPart.startsWith('/')) {
      problems.push(`${where}: a site-relative link resolves against the registry's site, not the package`);
      continue;
    }
    const file = posix.normalize(decode(pathPart));
    if (file.startsWith('../')) {
      problems.push(`${where}: outside the package; the tarball holds only ${fileSummary(files)}`);
    } else if (!fileSet.has(file)) {
      problems.push(`${where}: ${file} is not in the tarball (${fileSummary(files)})`);
    } else if (fragment && /\.md$/i.test(file) && !anchorsOf(markdown(file)).has(fragment)) {
      problems.push(`${where}: no heading "#${fragment}" in ${file}`);
    }
  }
  const kinds = [
    [counts.absolute, 'absolute'],
    [counts.anchor, 'to its headings'],
    [counts.relative, 'to files in the tarball'],
  ].filter(([count]) => count > 0);
  const label =
    kinds.length === 0 ? `${readme}: no links` : `${readme} links: ${kinds.map(([count, kind]) => `${count} ${kind}`).join(', ')}`;
  return { label, problems };
};

const fileSummary = (files) => {
  const tops = [...new Set(files.map((file) => (file.includes('/') ? `${file.split('/')[0]}/` : file)))];
  return tops.sort().join(', ');
};

const checkDependencies = (manifest) => {
  const problems = [];
  const fromWorkspace = [];
  let fromRegistry = 0;
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      const project = workspace.get(name);
      if (LOCAL_RANGE.test(range)) problems.push(`${field}: ${name} "${range}" is left in the packed package.json`);
      else if (project?.private) problems.push(`${field}: ${name} is a private workspace package, never published`);
      else if (project && range.replace(/^[\^~=]/, '') !== project.version) {
        problems.push(`${field}: ${name} "${range}" does not name the workspace's ${name}@${project.version}`);
      } else if (project) fromWorkspace.push(`${name} ${range}`);
      else fromRegistry++;
    }
  }
  const parts = [];
  if (fromWorkspace.length > 0) parts.push(`${fromWorkspace.join(', ')} (public, from the workspace)`);
  if (fromRegistry > 0) parts.push(`${fromRegistry} from the registry`);
  return { label: parts.length === 0 ? 'no dependencies' : `dependencies: ${parts.join('; ')}`, problems };
};

const checkLintScript = (project, manifest) => {
  const script = manifest.scripts?.['lint:package'];
  if (!script)
    return { label: 'lint:package', problems: ['no lint:package script (publint --strict && attw --pack . --profile esm-only)'] };
  const run = spawnSync('pnpm', ['run', 'lint:package'], { cwd: project.path, encoding: 'utf8' });
  if (run.status === 0) return { label: `lint:package: ${script}`, problems: [] };
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n');
  return { label: 'lint:package', problems: [`lint:package failed (${script}):`], details: output };
};

const isUrl = (value) => typeof value === 'string' && /^(https?|git\+https|git\+ssh|git):\/\//.test(value);

// Missing fields are reported by the caller; a field that is set must be usable.
const urlFieldProblem = (field, value, project) => {
  if (field === 'homepage') return /^https:\/\//.test(value) ? null : `homepage "${value}" is not an https URL`;
  if (field === 'bugs') {
    const url = typeof value === 'string' ? value : value.url;
    return isUrl(url) || (typeof value === 'object' && value.email) ? null : `bugs needs a url (or an email)`;
  }
  const url = typeof value === 'string' ? value : value.url;
  if (!isUrl(url)) return `repository needs a url, such as { "type": "git", "url": "git+https://…", "directory": "…" }`;
  const directory = relative(root, project.path).split(sep).join('/');
  if (typeof value === 'object' && value.directory !== undefined && value.directory !== directory) {
    return `repository.directory "${value.directory}" is not the package's folder "${directory}"`;
  }
  return null;
};

// ---------------------------------------------------------------- run

const scratch = mkdtempSync(join(tmpdir(), 'wpwl-release-check-'));
let failures = 0;
let warnings = 0;
// Each failure's text and the packages it failed in, for the summary.
const failed = new Map();
try {
  for (const project of publicPackages) {
    const manifest = JSON.parse(readFileSync(join(project.path, 'package.json'), 'utf8'));
    const destination = join(scratch, project.name.replace(/[@/]/g, '_'));
    mkdirSync(destination);
    const rows = [];
    const report = (status, text) => {
      rows.push(`  ${status.padEnd(5)} ${text}`);
      if (status === 'FAIL') {
        failures++;
        failed.set(text, [...(failed.get(text) ?? []), project.name]);
      }
      if (status === 'warn') warnings++;
    };

    if (manifest.files?.includes('dist') && !existsSync(join(project.path, 'dist'))) {
      report('FAIL', 'no dist/: run `pnpm build` first');
      console.log(`${project.name} ${project.version}\n${rows.join('\n')}`);
      continue;
    }
    execFileSync('pnpm', ['pack', '--pack-destination', destination], { cwd: project.path, stdio: 'ignore' });
    const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz'));
    const unpackDir = join(destination, 'unpacked');
    mkdirSync(unpackDir);
    execFileSync('tar', ['-xzf', join(destination, tarball), '-C', unpackDir]);
    const unpacked = join(unpackDir, 'package');
    const files = listFiles(unpacked);
    const packed = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
    const size = (statSync(join(destination, tarball)).size / 1024).toFixed(1);

    for (const { label, problems, details = [] } of [
      checkLicense(packed, files),
      checkReadme(unpacked, files),
      checkDependencies(packed),
      checkLintScript(project, manifest),
    ]) {
      if (problems.length === 0) report('ok', label);
      else for (const problem of problems) report('FAIL', problem);
      for (const line of details) rows.push(`        ${line}`);
    }
    for (const field of URL_FIELDS) {
      const value = packed[field];
      if (value === undefined || value === '') {
        report(release ? 'FAIL' : 'warn', `${field} unset${release ? '' : ' (a failure with RELEASE=1)'}`);
      } else {
        const problem = urlFieldProblem(field, value, project);
        report(problem ? 'FAIL' : 'ok', problem ?? `${field}: ${typeof value === 'string' ? value : value.url}`);
      }
    }

    console.log(`${project.name} ${project.version}: ${tarball}, ${files.length} files, ${size} kB`);
    console.log(rows.join('\n'));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const names = publicPackages.map((project) => project.name).join(', ');
console.log(
  `\nrelease check${release ? ' (RELEASE=1)' : ''}: ${publicPackages.length} public packages (${names}); ` +
    `${failures} ${failures === 1 ? 'failure' : 'failures'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
);
for (const [text, names] of failed) {
  console.log(`  FAIL  ${text}: ${names.length === publicPackages.length ? 'every package' : names.join(', ')}`);
}
if (failures > 0) process.exit(1);
