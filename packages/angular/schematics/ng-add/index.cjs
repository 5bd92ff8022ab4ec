// `ng add @wpwl/angular`: puts `provideWpwl({ baseUrl })` into the app's
// config (src/app/app.config.ts under the project's sourceRoot) unless it is
// there, and @wpwl/core into the app's dependencies unless it is there (the
// app imports it for readShopperResult), then installs. Plain CommonJS: the
// Angular CLI requires the factory as it is.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- the Angular CLI loads a schematic with require(): this file is CommonJS. */
const { SchematicsException } = require('@angular-devkit/schematics');
const { NodePackageInstallTask } = require('@angular-devkit/schematics/tasks');
const { version, dependencies } = require('../../package.json');
// The range of @wpwl/core this package was published with (its own version may differ);
// in the repository's workspace, where it reads `workspace:^`, this package's version.
const coreRange = dependencies['@wpwl/core'].startsWith('workspace:') ? `^${version}` : dependencies['@wpwl/core'];

/**
 * The project's sourceRoot from angular.json: the named project, else the first application.
 * A name angular.json does not have is an error, not another project changed in its place.
 */
function sourceRoot(tree, name) {
  const text = tree.read('angular.json');
  if (!text) return 'src';
  const projects = JSON.parse(text.toString('utf8')).projects ?? {};
  if (name !== undefined && !Object.hasOwn(projects, name)) {
    throw new SchematicsException(`No project "${name}" in angular.json; its projects: ${Object.keys(projects).join(', ') || 'none'}.`);
  }
  const project = projects[name] ?? Object.values(projects).find((p) => p.projectType === 'application');
  return project?.sourceRoot ?? `${project?.root ? `${project.root}/` : ''}src`;
}

/** Adds @wpwl/core to package.json's dependencies; true when it did. */
function addCore(tree) {
  const text = tree.read('package.json');
  if (!text) return false;
  const pkg = JSON.parse(text.toString('utf8'));
  if (pkg.dependencies?.['@wpwl/core'] || pkg.devDependencies?.['@wpwl/core']) return false;
  pkg.dependencies = { ...pkg.dependencies, '@wpwl/core': coreRange };
  tree.overwrite('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  return true;
}

/** Adds the import and `provideWpwl(…)` as the first provider; false when the file has no `providers: [`. */
function addProvider(tree, path, baseUrl) {
  const source = tree.read(path).toString('utf8');
  if (source.includes('provideWpwl(')) return true;
  const providers = /providers\s*:\s*\[/.exec(source);
  if (!providers) return false;
  const at = providers.index + providers[0].length;
  const call = `provideWpwl({ baseUrl: '${baseUrl.replace(/['\\]/g, '\\$&')}' })`;
  const rest = source.slice(at);
  // One provider a line stays so; an empty or one-line list gets it inline.
  const indent = /^[ \t]*\n([ \t]*)\S/.exec(rest)?.[1];
  const inserted = indent !== undefined ? `\n${indent}${call},` : /^\s*\]/.test(rest) ? call : `${call}, `;
  let updated = source.slice(0, at) + inserted + rest;
  const imports = [...updated.matchAll(/^import[^;]*;[ \t]*$/gm)];
  const line = "import { provideWpwl } from '@wpwl/angular';\n";
  const after = imports.length ? imports.at(-1).index + imports.at(-1)[0].length + 1 : 0;
  updated = updated.slice(0, after) + line + updated.slice(after);
  tree.overwrite(path, updated);
  return true;
}

/** The ng-add schematic. */
function ngAdd(options) {
  return (tree, context) => {
    const path = `${sourceRoot(tree, options.project)}/app/app.config.ts`;
    const call = `provideWpwl({ baseUrl: '${options.baseUrl}' })`;
    if (!tree.exists(path)) context.logger.warn(`No ${path}: add ${call} to your application's providers.`);
    else if (!addProvider(tree, path, options.baseUrl)) context.logger.warn(`No providers array in ${path}: add ${call} to it.`);
    if (addCore(tree)) context.addTask(new NodePackageInstallTask());
    return tree;
  };
}

module.exports = { ngAdd };
