/**
 * Jest runs everything as CommonJS, compiled by SWC: NestJS 12 ships ES modules while
 * @nestjs/throttler is CommonJS requiring them, which Jest's ESM mode cannot load on Node 20.
 */
const esmPackages = [
  '@nestjs', '@apollo', '@as-integrations', '@graphql-tools', '@whatwg-node', '@octokit', '@borewit',
  '@tokenizer', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', 'stemmer', 'cross-inspect',
  'graphql-ws', 'lru-cache', 'feed', 'xml-js', 'eld', 'openid-client', 'oauth4webapi', 'jose',
  'oidc-provider',
];

export default {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': '<rootDir>/test/utils/swc-commonjs-transformer.cjs' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Ships only an `import` entry, which Jest's CommonJS resolver cannot pick.
    '^@octokit/webhooks-methods$': '<rootDir>/node_modules/@octokit/webhooks-methods/dist-node/index.js',
    '^eld/large$': '<rootDir>/node_modules/eld/src/entries/static.large.js',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // Migrates once into template databases; each test database is a copy of one.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
  // A worker that grew past this after a test file is replaced (each file loads the whole app
  // anew, and long-lived workers reached 3–3.7 GB of RSS on the 2-core, 24 GiB machine).
  workerIdleMemoryLimit: '1.5GB',
};
