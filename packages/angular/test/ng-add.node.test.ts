// `ng add @wpwl/angular` (schematics/collection.json, ng-add) on an app as
// `ng new` writes it: provideWpwl() in app.config.ts with its import, once;
// @wpwl/core in the dependencies and an install scheduled, once.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HostTree } from '@angular-devkit/schematics';
import { SchematicTestRunner } from '@angular-devkit/schematics/testing';

const collection = fileURLToPath(new URL('../schematics/collection.json', import.meta.url));

const APP_CONFIG = `import { ApplicationConfig, provideBrowserGlobalErrorListeners, provideZonelessChangeDetection } from '@angular/core';
import { provideRouter } from '@angular/router';

import { routes } from './app.routes';

export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    provideZonelessChangeDetection(),
    provideRouter(routes)
  ]
};
`;

function app(config = APP_CONFIG): HostTree {
  const tree = new HostTree();
  tree.create(
    'angular.json',
    JSON.stringify({ version: 1, projects: { shop: { projectType: 'application', root: '', sourceRoot: 'src' } } }),
  );
  tree.create('package.json', JSON.stringify({ name: 'shop', dependencies: { '@angular/core': '^21.2.0', '@wpwl/angular': '^0.1.0' } }));
  tree.create('src/app/app.config.ts', config);
  return tree;
}

describe('ng add @wpwl/angular', () => {
  it("adds provideWpwl to the app's providers with its import, and @wpwl/core with an install", async () => {
    const runner = new SchematicTestRunner('@wpwl/angular', collection);
    const tree = await runner.runSchematic('ng-add', { baseUrl: 'https://test.example-gateway.com' }, app());
    const config = tree.readText('src/app/app.config.ts');
    expect(config).toContain("import { routes } from './app.routes';\nimport { provideWpwl } from '@wpwl/angular';\n");
    expect(config).toContain(
      "providers: [\n    provideWpwl({ baseUrl: 'https://test.example-gateway.com' }),\n    provideBrowserGlobalErrorListeners(),",
    );
    expect(JSON.parse(tree.readText('package.json')).dependencies['@wpwl/core']).toMatch(/^\^\d+\.\d+\.\d+/);
    expect(runner.tasks.map((task) => task.name)).toEqual(['node-package']);
  });

  it('changes nothing that is there already, and installs nothing then', async () => {
    const runner = new SchematicTestRunner('@wpwl/angular', collection);
    const once = await runner.runSchematic('ng-add', {}, app());
    const before = once.readText('src/app/app.config.ts');
    const again = new SchematicTestRunner('@wpwl/angular', collection);
    const twice = await again.runSchematic('ng-add', {}, once);
    expect(twice.readText('src/app/app.config.ts')).toBe(before);
    expect(before.match(/provideWpwl\(/g)).toHaveLength(1);
    expect(again.tasks).toEqual([]);
  });

  it('a --project angular.json does not have is an error naming the projects there, and nothing changes', async () => {
    const runner = new SchematicTestRunner('@wpwl/angular', collection);
    const tree = app();
    await expect(runner.runSchematic('ng-add', { project: 'shopp' }, tree)).rejects.toThrow(
      'No project "shopp" in angular.json; its projects: shop.',
    );
    expect(tree.readText('src/app/app.config.ts')).toBe(APP_CONFIG);
    const named = await new SchematicTestRunner('@wpwl/angular', collection).runSchematic('ng-add', { project: 'shop' }, app());
    expect(named.readText('src/app/app.config.ts')).toContain('provideWpwl(');
  });

  it('an app config without a providers array is left alone, with a warning saying what to add', async () => {
    const runner = new SchematicTestRunner('@wpwl/angular', collection);
    const warnings: string[] = [];
    runner.logger.subscribe((entry) => warnings.push(entry.message));
    const tree = await runner.runSchematic('ng-add', {}, app('export const appConfig = {};\n'));
    expect(tree.readText('src/app/app.config.ts')).toBe('export const appConfig = {};\n');
    expect(warnings.join('\n')).toContain('add provideWpwl(');
  });
});
