import { join } from 'node:path';
import madge from 'madge';

/** Where a file belongs: its feature folder under modules/, or null for the shared infrastructure. */
function featureOf(file: string): string | null {
  return /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** The strongly connected components with more than one node (Tarjan): the cycles, grouped. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

describe('the import graph of src/', () => {
  let files: Record<string, string[]>;
  let skipped: string[];
  let fileCycles: string[][];

  beforeAll(async () => {
    // Type-only imports count too: a cycle of types still ties two folders together.
    const result = await madge(join(process.cwd(), 'src'), {
      fileExtensions: ['ts'],
      tsConfig: join(process.cwd(), 'tsconfig.json'),
      excludeRegExp: [/\.spec\.ts$/],
    });
    files = result.obj();
    skipped = result.warnings().skipped;
    fileCycles = result.circular();
  });

  it('resolves every relative import (an unresolved one would hide its edges)', () => {
    expect(files['app.module.ts']).toContain('core.module.ts');
    expect(files['modules/delivery/delivery.module.ts']).toContain(
      'modules/delivery/delivery-worker.service.ts',
    );
    expect(skipped.filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(fileCycles).toEqual([]);
  });

  it('has no cycle between feature folders (src/modules/<feature>)', () => {
    const features = new Map<string, Set<string>>();
    /** One import per pair of folders, to show where a cycle could be cut. */
    const examples = new Map<string, { from: string; to: string; example: string }>();
    for (const [file, imports] of Object.entries(files)) {
      const from = featureOf(file);
      if (from === null) continue;
      for (const imported of imports) {
        const to = featureOf(imported);
        if (to === null || to === from) continue;
        features.set(from, (features.get(from) ?? new Set()).add(to));
        examples.set(`${from} → ${to}`, { from, to, example: `${file} → ${imported}` });
      }
    }
    const cycles = cyclesOf(features).map((members) =>
      [...examples.values()]
        .filter(({ from, to }) => members.includes(from) && members.includes(to))
        .map(({ example }) => example),
    );
    expect(cycles).toEqual([]);
  });
});
