import { DeliverySlots, slotShares } from './delivery-slots.js';

/** Due rows of these webhooks, each webhook of an account of its own. */
const due = (...webhookIds: string[]) =>
  webhookIds.map((webhookId, index) => ({
    id: `d${index}`,
    webhookId,
    accountId: `of-${webhookId}`,
  }));
/** Due rows of these webhooks, all of one account. */
const dueOf = (accountId: string, ...webhookIds: string[]) =>
  webhookIds.map((webhookId, index) => ({ id: `${accountId}${index}`, webhookId, accountId }));
const owner = (webhookId: string) => ({ webhookId, accountId: `of-${webhookId}` });
const took = (heldMs: number, bodyAbandoned = false) => ({ heldMs, bodyAbandoned });
const hanging = () => new Promise<void>(() => undefined);
const ignore = () => undefined;

describe('DeliverySlots', () => {
  it('derives the shares from the concurrency and the deadline', () => {
    expect(slotShares(64, 10_000)).toEqual({
      concurrency: 64,
      slowShare: 8,
      fastShare: 32,
      fastWithinMs: 1000,
      slowPool: 32,
      accountShare: 32,
    });
    expect(slotShares(1, 300)).toMatchObject({
      slowShare: 1,
      fastShare: 1,
      fastWithinMs: 150,
      slowPool: 1,
      accountShare: 1,
    });
  });

  it('picks the oldest rows, no more than the free slots', () => {
    const slots = new DeliverySlots(slotShares(3, 1000), ignore);

    expect(slots.pick(due('a', 'b', 'c', 'd')).map((d) => d.id)).toEqual(['d0', 'd1', 'd2']);
  });

  it('gives a webhook only the small share until it has answered quickly', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    slots.occupy(owner('unknown'), hanging());
    slots.observe('fast', took(12));
    slots.observe('slow', took(900));

    const picked = slots.pick(due(...Array(6).fill('unknown'), ...Array(6).fill('slow'), 'fast'));

    expect(picked.filter((d) => d.webhookId === 'unknown')).toHaveLength(1);
    expect(picked.filter((d) => d.webhookId === 'slow')).toHaveLength(2);
    expect(picked.filter((d) => d.webhookId === 'fast')).toHaveLength(1);
  });

  it('lets a quick webhook use up to half the slots', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    slots.observe('fast', took(3));

    expect(slots.pick(due(...Array(12).fill('fast')))).toHaveLength(8);
  });

  it('reports full webhooks and frees their slots when attempts end', async () => {
    let released = 0;
    const slots = new DeliverySlots(slotShares(4, 1000), () => (released += 1));
    let finish = (): void => undefined;
    slots.occupy(owner('a'), new Promise<void>((resolve) => (finish = resolve)));

    expect(slots.fullWebhooks()).toEqual(['a']);
    expect(slots.free()).toBe(3);
    finish();
    await slots.drained();

    expect(slots.fullWebhooks()).toEqual([]);
    expect(slots.free()).toBe(4);
    expect(slots.idle()).toBe(true);
    expect(released).toBe(1);
  });

  it('keeps half of the slots from webhooks whose last attempt was slow', () => {
    const slots = new DeliverySlots(slotShares(8, 2000), ignore);
    const slowHooks = Array.from({ length: 8 }, (_, index) => `slow${index}`);
    for (const webhookId of slowHooks) slots.observe(webhookId, took(2000));
    slots.observe('fast', took(5));

    const first = slots.pick(due(...slowHooks, 'fast', 'new'));
    expect(first.map((d) => d.webhookId)).toEqual([...slowHooks.slice(0, 4), 'fast', 'new']);
    for (const picked of first.filter((d) => d.webhookId.startsWith('slow'))) {
      slots.occupy(picked, hanging());
    }

    expect(slots.fullWebhooks().sort()).toEqual(slowHooks);
    expect(slots.pick(due('slow5', 'fast', 'slow4', 'fast')).map((d) => d.webhookId)).toEqual([
      'fast',
      'fast',
    ]);
  });

  it('counts a webhook whose body was still coming when it was given up as slow', () => {
    const slots = new DeliverySlots(slotShares(16, 10_000), ignore);
    slots.observe('trickles', took(260, true));
    slots.observe('quick', took(260));

    const picked = slots.pick(due(...Array(8).fill('trickles'), ...Array(8).fill('quick')));

    expect(picked.filter((d) => d.webhookId === 'trickles')).toHaveLength(2);
    expect(picked.filter((d) => d.webhookId === 'quick')).toHaveLength(8);
  });

  it('gives an account at most half of the slots, however many new or slow webhooks it has', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    const hooks = Array.from({ length: 12 }, (_, index) => `hook${index}`);
    for (const webhookId of hooks.slice(6)) slots.observe(webhookId, took(900));

    const picked = slots.pick([...dueOf('greedy', ...hooks, ...hooks), ...due('other')]);

    expect(picked.filter((d) => d.accountId === 'greedy')).toHaveLength(8);
    expect(picked.filter((d) => d.accountId === 'of-other')).toHaveLength(1);
  });

  it("holds a fast account to half of the slots while another account's rows wait", () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    for (const webhookId of ['f1', 'f2', 'f3', 'other']) slots.observe(webhookId, took(2));

    const picked = slots.pick([
      ...dueOf('busy', ...Array<string>(6).fill('f1'), ...Array<string>(6).fill('f2')),
      ...dueOf('busy', ...Array<string>(6).fill('f3')),
      ...due(...Array<string>(12).fill('other')),
    ]);

    expect(picked.filter((d) => d.accountId === 'busy')).toHaveLength(8);
    expect(picked.filter((d) => d.accountId === 'of-other')).toHaveLength(8);
  });

  it('gives the slots nobody else wants to the fast webhooks of an account past its share', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    for (const webhookId of ['f1', 'f2', 'f3']) slots.observe(webhookId, took(2));

    const picked = slots.pick([
      ...dueOf('busy', ...Array<string>(6).fill('f1'), ...Array<string>(6).fill('f2')),
      ...dueOf('busy', ...Array<string>(6).fill('f3')),
      ...due(...Array<string>(2).fill('other')),
    ]);

    expect(picked.filter((d) => d.accountId === 'busy')).toHaveLength(14);
    expect(picked.filter((d) => d.accountId === 'of-other')).toHaveLength(2);
  });

  it("lets an account's fast webhooks use the slots its own hanging webhooks leave", () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    for (const webhookId of ['h1', 'h2']) {
      slots.observe(webhookId, took(1000));
      for (let i = 0; i < 2; i += 1) {
        slots.occupy({ webhookId, accountId: 'acct' }, hanging());
      }
    }
    slots.observe('fast', took(2));

    const picked = slots.pick(dueOf('acct', ...Array<string>(14).fill('fast'), 'h1', 'h2'));

    expect(picked.map((d) => d.webhookId)).toEqual(Array(8).fill('fast'));
  });

  it('never lets slow or untried webhooks pass the account share', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    slots.observe('slow', took(900));
    const untried = Array.from({ length: 8 }, (_, index) => `new${index}`);

    const first = slots.pick(dueOf('acct', ...Array<string>(4).fill('slow'), ...untried));
    for (const delivery of first) slots.occupy(delivery, hanging());

    expect(first.map((d) => d.webhookId)).toEqual(['slow', 'slow', ...untried.slice(0, 6)]);
    expect(slots.pick(dueOf('acct', 'slow', 'new6', 'new7'))).toEqual([]);
    expect(slots.fullWebhooks().sort()).toEqual([...untried, 'slow']);
  });

  it("reports a full account's untried and slow webhooks, not its fast ones, and frees the account's slots as attempts end", async () => {
    const slots = new DeliverySlots(slotShares(4, 1000), ignore);
    slots.observe('a1', took(900));
    slots.observe('a2', took(2));
    let finish = (): void => undefined;
    slots.occupy(
      { webhookId: 'a1', accountId: 'acct' },
      new Promise<void>((resolve) => (finish = resolve)),
    );
    slots.occupy({ webhookId: 'a2', accountId: 'acct' }, hanging());

    expect(slots.fullWebhooks()).toEqual(['a1']);
    expect(slots.pick(dueOf('acct', 'a1', 'a2')).map((d) => d.webhookId)).toEqual(['a2']);
    finish();
    await new Promise((resolve) => setImmediate(resolve));

    expect(slots.fullWebhooks()).toEqual([]);
    expect(slots.pick(dueOf('acct', 'a1', 'a2'))).toHaveLength(2);
  });

  it("skips a full account's webhooks in the next claim, also those not attempted yet", () => {
    const slots = new DeliverySlots(slotShares(8, 1000), ignore);
    const picked = slots.pick([...dueOf('greedy', 'g1', 'g2', 'g3', 'g4', 'g5'), ...due('other')]);
    for (const delivery of picked) slots.occupy(delivery, hanging());

    expect(picked.map((d) => d.webhookId)).toEqual(['g1', 'g2', 'g3', 'g4', 'other']);
    expect(slots.fullWebhooks().sort()).toEqual(['g1', 'g2', 'g3', 'g4', 'g5', 'other']);
  });
});
