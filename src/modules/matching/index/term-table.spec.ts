import { TermTable, UNNOTED } from './term-table.js';

describe('TermTable', () => {
  it('shares one term between users of the same token', () => {
    const table = new TermTable();
    expect(table.acquire('token', 'acme')).toBe(table.acquire('token', 'acme'));
  });

  it('keeps tokens and stems apart', () => {
    const table = new TermTable();
    expect(table.acquire('token', 'price')).not.toBe(table.acquire('stem', 'price'));
  });

  it('drops a term with its last user, and changes version', () => {
    const table = new TermTable();
    const term = table.acquire('token', 'acme');
    table.acquire('token', 'acme');
    table.release(term);
    expect(table.find('token', 'acme')).toBe(term);
    const version = table.version;
    table.release(term);
    expect(table.find('token', 'acme')).toBeUndefined();
    expect(table.version).not.toBe(version);
  });

  it('marks a term UNNOTED while only exclusion phrases hold it', () => {
    const table = new TermTable();
    const unnoted = (id: number) => (table.candidateKinds[id] & UNNOTED) !== 0;
    const term = table.acquire('token', 'zeta', false);
    expect(unnoted(term.id)).toBe(true);
    table.acquire('token', 'zeta');
    expect(unnoted(term.id)).toBe(false);
    table.release(term);
    expect(unnoted(term.id)).toBe(true);
    table.release(term, false);
    expect(table.find('token', 'zeta')).toBeUndefined();
    expect(table.candidateKinds[term.id]).toBe(0);
  });

  it('gives live terms distinct positive ids below idLimit, reusing those of dropped terms', () => {
    const table = new TermTable();
    const first = table.acquire('stem', 'track');
    const second = table.acquire('token', 'track');
    expect(first.id).toBeGreaterThan(0);
    expect(second.id).not.toBe(first.id);
    expect(table.idLimit).toBeGreaterThan(Math.max(first.id, second.id));
    table.release(first);
    expect(table.acquire('token', 'other').id).toBe(first.id);
  });
});
