// Compiles TypeScript and ESM packages to CommonJS for Jest; import.meta has no CommonJS
// form, so its uses in these packages (createRequire(import.meta.url)) are rewritten first.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
});

const rewriteImportMeta = (source) =>
  source
    .replace(/^const require = createRequire\(import\.meta\.url\);$/m, '')
    .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href")
    .replace(/\bimport\.meta\.dirname\b/g, '__dirname')
    .replace(/\bimport\.meta\.filename\b/g, '__filename');

module.exports = {
  process(source, filename, options) {
    return swc.process(rewriteImportMeta(source), filename, options);
  },
  getCacheKey(source, filename, options) {
    return `cjs-2:${swc.getCacheKey(rewriteImportMeta(source), filename, options)}`;
  },
};
