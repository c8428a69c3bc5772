import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * The client's GraphQL types, generated from the server's schema.gql at every build (into gql/,
 * not committed): an operation that does not fit the schema fails the build. Paths are from this
 * package's folder, where npm runs it.
 */
const config: CodegenConfig = {
  schema: '../../schema.gql',
  documents: ['**/*.{ts,tsx}', '!gql/**', '!node_modules/**'],
  generates: {
    'gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        // Documents as strings: the client posts them with fetch, no GraphQL runtime needed.
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        skipTypename: true,
      },
    },
  },
  silent: true,
};

export default config;
