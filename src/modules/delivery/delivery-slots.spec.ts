import { DeliverySlots, slotShares } from './delivery-slots.js';

const due = (...webhookIds: string[]) =>
  webhookIds.map((webhookId, index) => ({ id: `d${index}`, webhookId }));
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
    });
    expect(slotShares(1, 300)).toMatchObject({
      slowShare: 1,
      fastShare: 1,
      fastWithinMs: 150,
      slowPool: 1,
    });
  });

  it('picks the oldest rows, no more than the free slots', () => {
    const slots = new DeliverySlots(slotShares(3, 1000), ignore);

    expect(slots.pick(due('a', 'b', 'c', 'd')).map((d) => d.id)).toEqual(['d0', 'd1', 'd2']);
  });

  it('gives a webhook only the small share until it has answered quickly', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    slots.occupy('unknown', hanging());
    slots.observe('fast', 12);
    slots.observe('slow', 900);

    const picked = slots.pick(due(...Array(6).fill('unknown'), ...Array(6).fill('slow'), 'fast'));

    expect(picked.filter((d) => d.webhookId === 'unknown')).toHaveLength(1);
    expect(picked.filter((d) => d.webhookId === 'slow')).toHaveLength(2);
    expect(picked.filter((d) => d.webhookId === 'fast')).toHaveLength(1);
  });

  it('lets a quick webhook use up to half the slots', () => {
    const slots = new DeliverySlots(slotShares(16, 1000), ignore);
    slots.observe('fast', 3);

    expect(slots.pick(due(...Array(12).fill('fast')))).toHaveLength(8);
  });

  it('reports full webhooks and frees their slots when attempts end', async () => {
    let released = 0;
    const slots = new DeliverySlots(slotShares(4, 1000), () => (released += 1));
    let finish = (): void => undefined;
    slots.occupy('a', new Promise<void>((resolve) => (finish = resolve)));

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
    for (const webhookId of slowHooks) slots.observe(webhookId, 2000);
    slots.observe('fast', 5);

    const first = slots.pick(due(...slowHooks, 'fast', 'new'));
    expect(first.map((d) => d.webhookId)).toEqual([...slowHooks.slice(0, 4), 'fast', 'new']);
    for (const picked of first.filter((d) => d.webhookId.startsWith('slow'))) {
      slots.occupy(picked.webhookId, hanging());
    }

    expect(slots.fullWebhooks().sort()).toEqual(slowHooks);
    expect(slots.pick(due('slow5', 'fast', 'slow4', 'fast')).map((d) => d.webhookId)).toEqual([
      'fast',
      'fast',
    ]);
  });
});
