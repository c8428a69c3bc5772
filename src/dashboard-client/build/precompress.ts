import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

/**
 * Writes a .br and a .gz beside every text file of the build, at the highest levels (done once
 * per build, not per request); the server picks one by Accept-Encoding. A variant that would not
 * be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.has(extname(name))) continue;
        const file = join(dir, name);
        const body = readFileSync(file);
        const variants = {
          '.br': brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          '.gz': gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
        };
        for (const [suffix, compressed] of Object.entries(variants)) {
          if (compressed.length < body.length) writeFileSync(file + suffix, compressed);
        }
      }
    },
  };
}
