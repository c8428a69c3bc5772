import Module from 'node:module';
import type { TemplateDatabases } from './utils/template-databases.js';

declare global {
  // Read by test/global-teardown.ts, which Jest runs in this same process.
  var alertsTestTemplates: TemplateDatabases | undefined;
}

type ResolveFilename = (request: string, ...rest: unknown[]) => string;

/**
 * Jest loads this file with Node's resolver, which, unlike the test runtime (moduleNameMapper in
 * jest.config.js), does not find the sources' `./x.js` imports as `./x.ts`. While `load` runs,
 * a relative `.js` that does not exist is looked up as `.ts`.
 */
async function withTypeScriptSources<T>(load: () => Promise<T>): Promise<T> {
  const internals = Module as unknown as { _resolveFilename: ResolveFilename };
  const resolve = internals._resolveFilename;
  internals._resolveFilename = function (this: unknown, request, ...rest) {
    try {
      return resolve.call(this, request, ...rest);
    } catch (error) {
      if (!request.startsWith('.') || !request.endsWith('.js')) throw error;
      return resolve.call(this, `${request.slice(0, -'.js'.length)}.ts`, ...rest);
    }
  };
  try {
    return await load();
  } finally {
    internals._resolveFilename = resolve;
  }
}

/** Migrates once per run into template databases that every test database is copied from. */
export default async function globalSetup(): Promise<void> {
  const templates = await withTypeScriptSources(async () => {
    const { createTemplateDatabases } = await import('./utils/template-databases.js');
    return createTemplateDatabases();
  });
  globalThis.alertsTestTemplates = templates;
  Object.assign(process.env, templates.env);
}
