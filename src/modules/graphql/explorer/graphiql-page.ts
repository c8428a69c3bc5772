import type { ApolloServerPlugin } from '@apollo/server';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Where GraphiQL's files are served; outside /graphql, which Apollo owns with all its sub-paths. */
export const GRAPHIQL_ASSETS_PATH = '/graphiql';

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The files the page loads, by the name it loads them under: all from installed npm packages. */
export function graphiqlAssetFiles(): Record<string, string> {
  return {
    'graphiql.min.css': join(packageDir('graphiql'), 'graphiql.min.css'),
    'graphiql.min.js': join(packageDir('graphiql'), 'graphiql.min.js'),
    'react.production.min.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
    'react-dom.production.min.js': join(
      packageDir('react-dom'),
      'umd',
      'react-dom.production.min.js',
    ),
  };
}

function graphiqlHtml(endpoint: string): string {
  const asset = (name: string) => `${GRAPHIQL_ASSETS_PATH}/${name}`;
  const defaultHeaders = JSON.stringify({ Authorization: 'Bearer <your API key>' }, null, 2);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL explorer · Reddit keyword alerts</title>
<link rel="stylesheet" href="${asset('graphiql.min.css')}">
<style>body { margin: 0; } #graphiql { height: 100vh; }</style>
</head>
<body>
<div id="graphiql">Loading…</div>
<script src="${asset('react.production.min.js')}"></script>
<script src="${asset('react-dom.production.min.js')}"></script>
<script src="${asset('graphiql.min.js')}"></script>
<script>
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, {
    fetcher: GraphiQL.createFetcher({ url: ${JSON.stringify(endpoint)} }),
    defaultHeaders: ${JSON.stringify(defaultHeaders)},
    isHeadersEditorEnabled: true,
    shouldPersistHeaders: false,
  }),
);
</script>
</body>
</html>
`;
}

/** Apollo's landing page for browsers at GET /graphql: GraphiQL from this server, never a CDN. */
export function graphiqlLandingPage(endpoint: string): ApolloServerPlugin {
  const html = graphiqlHtml(endpoint);
  return {
    async serverWillStart() {
      return { renderLandingPage: async () => ({ html }) };
    },
  };
}
