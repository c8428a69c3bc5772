import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import madge from 'madge';
import {
  ownershipViolations,
  type ModuleSource,
  type TableOwner,
} from '../test/utils/table-ownership.js';

/**
 * Each table's owner: the one module whose code queries it, through the named store; any other
 * module calls that store's methods (or, for delivery, the WebhookTargets port; ops reads through
 * the owners' read methods), or composes a named SQL fragment the owner exports, whose text
 * stays in the owner's file (docs/architecture.md). Migrations own the schema and test/ may
 * touch any table; both are outside src/modules/. database/change-sequence.ts keeps
 * change_counters for every module.
 */
const TABLE_OWNERS: Record<string, TableOwner> = {
  accounts: { module: 'accounts', store: 'AccountStore' },
  api_keys: { module: 'accounts', store: 'AccountStore' },
  users: { module: 'users', store: 'UserStore' },
  sessions: { module: 'users', store: 'SessionStore' },
  setup_tokens: { module: 'setup', store: 'SetupTokenStore' },
  keywords: {
    module: 'keywords',
    store: 'KeywordStore',
    grants: {
      matching:
        'LiveKeywordStore: the keyword index, below keywords, reads it on its own thread ' +
        '(ACTIVE_KEYWORD, beside the field table, is the one "active"; KeywordStore uses it too)',
    },
  },
  keyword_daily_usage: { module: 'usage', store: 'UsageStore' },
  alerts: { module: 'alerts', store: 'AlertStore' },
  seen_items: { module: 'ingestion', store: 'SeenItemsStore' },
  posts_cache: { module: 'ingestion', store: 'PostCacheStore' },
  count_rechecks: { module: 'ingestion', store: 'CountRecheckStore' },
  recent_items: { module: 'recent-items', store: 'RecentItemStore' },
  keyword_backfills: { module: 'backfill', store: 'BackfillStore' },
  recent_items_fts: { module: 'recent-items', store: 'RecentItemStore' },
  recent_item_minutes: { module: 'recent-items', store: 'RecentItemStore' },
  ingest_state: { module: 'ingestion', store: 'DatabasePollerState' },
  deliveries: { module: 'delivery', store: 'DeliveryStore' },
  delivery_attempts: { module: 'delivery', store: 'DeliveryAttemptLog' },
  webhooks: { module: 'webhooks', store: 'WebhookStore' },
  redelivery_budgets: { module: 'webhooks', store: 'RedeliveryBudget' },
  searches: { module: 'inbox', store: 'SearchStore' },
  search_keywords: { module: 'inbox', store: 'SearchStore' },
  inbox_items: { module: 'inbox', store: 'InboxItemStore' },
  feed_tokens: { module: 'feeds', store: 'FeedTokenStore' },
  email_subscriptions: { module: 'email', store: 'EmailSubscriptionStore' },
  mail_outbox: { module: 'email', store: 'MailOutboxStore' },
  mail_hourly_counts: {
    module: 'email',
    store: 'MailBudget',
    grants: { retention: 'MailHourlyCountsPruner: email sits above retention in the import order' },
  },
  audit_entries: { module: 'ops', store: 'AuditStore' },
  account_audit_entries: { module: 'account-audit', store: 'AccountAuditStore' },
  operation_samples: { module: 'ops', store: 'OperationSampleStore' },
  invitations: { module: 'invitations', store: 'InvitationStore' },
  signups: { module: 'signup', store: 'SignUpStore' },
  signup_settings: { module: 'signup', store: 'SignUpStore' },
  sso_settings: { module: 'sso', store: 'SsoSettingsStore' },
  sso_domains: { module: 'sso', store: 'SsoSettingsStore' },
  sso_logins: { module: 'sso', store: 'SsoLoginStore' },
};

/** The non-spec sources of src/modules/, each with its feature folder. */
function moduleSources(): ModuleSource[] {
  const root = join(process.cwd(), 'src', 'modules');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
          ? [join(dir, entry.name)]
          : [],
    );
  return walk(root).map((path) => {
    const file = relative(join(process.cwd(), 'src'), path);
    return { module: featureOf(file)!, file, text: readFileSync(path, 'utf8') };
  });
}

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
      'modules/delivery/delivery.worker.ts',
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

describe('the tables of src/modules/', () => {
  it('are queried by their owners only, and by no service', () => {
    expect(ownershipViolations(moduleSources(), TABLE_OWNERS)).toEqual([]);
  });

  it('has an owner for every table the migrations create', () => {
    const migrations = join(process.cwd(), 'src', 'database', 'migrations');
    const created = readdirSync(migrations).flatMap((name) =>
      [
        ...readFileSync(join(migrations, name), 'utf8').matchAll(
          /new Table\(\{\s*name: '(\w+)'|CREATE (?:VIRTUAL )?TABLE (\w+)/g,
        ),
      ].map(([, table, created]) => table ?? created),
    );
    expect(created.filter((table) => table !== 'change_counters').sort()).toEqual(
      Object.keys(TABLE_OWNERS).sort(),
    );
  });

  describe('the ownership check', () => {
    const entity = {
      module: 'alerts',
      file: 'modules/alerts/alert.entity.ts',
      text: "@Entity('alerts')\n@Index(['accountId'])\nexport class AlertEntity {}",
    };
    const violationsOf = (module: string, file: string, text: string) =>
      ownershipViolations([entity, { module, file, text }], TABLE_OWNERS);

    it.each([
      ['SELECT … FROM', 'SELECT id FROM alerts WHERE account_id = :id'],
      ['a JOIN', 'SELECT d.id FROM deliveries d JOIN alerts a ON a.id = d.alert_id'],
      ['UPDATE', 'UPDATE alerts SET title = :title'],
      ['INSERT INTO', 'INSERT INTO "alerts" (id) VALUES (:id)'],
      ['DELETE FROM', 'DELETE FROM alerts WHERE matched_at < :cutoff'],
      ['a database helper', "database.deleteInBatches('alerts', 'id', 'matched_at', 0, 100)"],
      ['changedRows', "changedRows(query, { table: 'alerts', columns: 'title', since })"],
      ['the entity manager', 'manager.findOneBy(AlertEntity, { id })'],
      ['a query builder', "manager.createQueryBuilder(AlertEntity, 'alert').getMany()"],
      ['a repository', 'dataSource.getRepository(AlertEntity).count()'],
    ])('finds a query on another module’s table through %s, naming its owner', (_, query) => {
      expect(
        violationsOf('delivery', 'modules/delivery/planted.store.ts', `q(\`${query}\`);`),
      ).toEqual([
        'modules/delivery/planted.store.ts queries alerts, which belongs to alerts (AlertStore): ' +
          'call a method of AlertStore instead',
      ]);
    });

    it('finds SQL in a service, even on its own module’s table', () => {
      expect(
        violationsOf('alerts', 'modules/alerts/alerts.service.ts', "q('DELETE FROM alerts');"),
      ).toEqual([
        'modules/alerts/alerts.service.ts queries alerts in a service: services hold no SQL, ' +
          'move it into a named method of AlertStore',
      ]);
    });

    it('lets the owner and its declared readers query, and ignores prose and CTE names', () => {
      const owner = "q('SELECT id FROM alerts'); // then UPDATE webhooks\n";
      const reader = "q('WITH lanes AS (SELECT 1) SELECT k.id FROM keywords k JOIN lanes ON true')";
      expect(violationsOf('alerts', 'modules/alerts/alert.store.ts', owner)).toEqual([]);
      expect(violationsOf('matching', 'modules/matching/live/k.store.ts', reader)).toEqual([]);
      expect(violationsOf('usage', 'modules/usage/u.store.ts', reader)).toHaveLength(1);
    });
  });
});
