import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** The encodings `npm run build` precompresses assets in, by the suffix of their files. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
export type ContentEncoding = keyof typeof PRECOMPRESSED | 'identity';

/** One file of the built client, with the precompressed variants found beside it. */
export interface DashboardFile {
  /** The extension, which decides the Content-Type. */
  extension: string;
  /** Named by a hash of its content (Vite's assets/ folder): cacheable for ever. */
  hashed: boolean;
  bodies: Partial<Record<ContentEncoding, Buffer>> & { identity: Buffer };
}

export const INDEX_FILE = 'index.html';
const HASHED_FOLDER = 'assets/';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export const isDashboardBuilt = (dir: string): boolean => existsSync(join(dir, INDEX_FILE));

/**
 * The built client (index.html and assets/), read into memory once it exists: it is small, and
 * a rebuild while the server runs cannot then mix one build's page with another's assets.
 * Null until `npm run build` has written it.
 */
export function loadBuiltDashboard(dir: string): Map<string, DashboardFile> | null {
  if (!isDashboardBuilt(dir)) return null;
  const names = filesUnder(dir);
  const variantSuffixes = Object.values(PRECOMPRESSED) as string[];
  const files = new Map<string, DashboardFile>();
  for (const name of names) {
    if (variantSuffixes.includes(extname(name))) continue;
    const bodies: DashboardFile['bodies'] = { identity: readFileSync(join(dir, name)) };
    for (const [encoding, suffix] of Object.entries(PRECOMPRESSED)) {
      const variant = join(dir, name + suffix);
      if (existsSync(variant)) bodies[encoding as ContentEncoding] = readFileSync(variant);
    }
    files.set(name, { extension: extname(name), hashed: name.startsWith(HASHED_FOLDER), bodies });
  }
  return files;
}
