// Lints the OpenAPI document in the file named by the first argument with Redocly's
// `recommended` rules and prints the problems as JSON. A process of its own because
// @redocly/openapi-core ships ES modules only, which Jest's CommonJS runtime cannot load.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const path = resolve(process.argv[2]);
const problems = await lintFromString({
  source: await readFile(path, 'utf8'),
  absoluteRef: path,
  config: await createConfig({ extends: ['recommended'] }),
});
process.stdout.write(
  JSON.stringify(
    problems.map(({ ruleId, severity, message, location }) => ({
      ruleId,
      severity,
      message,
      pointer: location[0]?.pointer ?? null,
    })),
  ),
);
