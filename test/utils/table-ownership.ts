/** Who owns a table: the one module whose code reads and writes it, through the named store. */
export interface TableOwner {
  module: string;
  store: string;
  /** Other modules allowed to query it directly, each with the reason it cannot call the store. */
  grants?: Record<string, string>;
}

/** A source file of a feature module: `module` is its folder under src/modules/. */
export interface ModuleSource {
  module: string;
  file: string;
  text: string;
}

const SQL_TABLE = /\b(?:FROM|JOIN|UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/g;
/** The table named to a database helper (changedRows, deleteInBatches, nextChangeSeq …). */
const HELPER_TABLE =
  /(?:\btable:\s*|\bdeleteInBatches\(\s*|\bnextChangeSeq\([^()]*,\s*)'([a-z_][a-z0-9_]*)'/g;
const ENTITY_DECLARATION = /@Entity\(\s*'([a-z_][a-z0-9_]*)'\s*\)[^]*?export\s+class\s+(\w+)/g;
/** TypeORM calls that take an entity class first: manager, repository and query builder. */
const ENTITY_CALLS = [
  'find',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneOrFail',
  'findOneByOrFail',
  'findAndCount',
  'findAndCountBy',
  'count',
  'countBy',
  'exists',
  'existsBy',
  'sum',
  'average',
  'minimum',
  'maximum',
  'insert',
  'update',
  'upsert',
  'delete',
  'save',
  'remove',
  'softDelete',
  'restore',
  'increment',
  'decrement',
  'create',
  'merge',
  'preload',
  'clear',
  'createQueryBuilder',
  'getRepository',
  'InjectRepository',
  'from',
  'into',
  'innerJoin',
  'leftJoin',
  'innerJoinAndSelect',
  'leftJoinAndSelect',
];

/** The text without comments, so prose about a table is not taken for a query on it. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function entityTables(sources: readonly ModuleSource[]): Map<string, string> {
  const entities = new Map<string, string>();
  for (const { text } of sources) {
    for (const [, table, entity] of text.matchAll(ENTITY_DECLARATION)) entities.set(entity, table);
  }
  return entities;
}

/** The tables a file queries: named in SQL text or to a database helper, or through an entity. */
export function tablesQueried(text: string, entities: ReadonlyMap<string, string>): Set<string> {
  const source = code(text);
  const tables = new Set<string>();
  for (const [, table] of source.matchAll(SQL_TABLE)) tables.add(table);
  for (const [, table] of source.matchAll(HELPER_TABLE)) tables.add(table);
  const classes = [...entities.keys()].join('|');
  if (classes !== '') {
    const call = new RegExp(`\\b(?:${ENTITY_CALLS.join('|')})\\(\\s*(${classes})\\b`, 'g');
    for (const [, entity] of source.matchAll(call)) tables.add(entities.get(entity)!);
  }
  return tables;
}

/**
 * One line per query on a table outside its owner's module, naming the owner to call instead,
 * and per service file that queries a table at all (services hold no SQL). Tables missing from
 * `owners` are ignored when they are not tables (`FROM lanes`, a CTE), so `tables` lists them.
 */
export function ownershipViolations(
  sources: readonly ModuleSource[],
  owners: Readonly<Record<string, TableOwner>>,
): string[] {
  const entities = entityTables(sources);
  const violations: string[] = [];
  for (const { module, file, text } of sources) {
    for (const table of tablesQueried(text, entities)) {
      const owner = owners[table];
      if (owner === undefined) continue;
      if (owner.module !== module && owner.grants?.[module] === undefined) {
        violations.push(
          `${file} queries ${table}, which belongs to ${owner.module} (${owner.store}): ` +
            `call a method of ${owner.store} instead`,
        );
      } else if (file.endsWith('.service.ts')) {
        violations.push(
          `${file} queries ${table} in a service: services hold no SQL, ` +
            `move it into a named method of ${owner.module === module ? owner.store : 'its store'}`,
        );
      }
    }
  }
  return violations;
}
