import { NameTable } from './name-table.js';

describe('NameTable', () => {
  it('gives a name one id while it has users, and 0 to an unknown name', () => {
    const names = new NameTable();
    const pics = names.acquire('pics');
    expect(names.acquire('pics')).toBe(pics);
    expect(names.acquire('news')).not.toBe(pics);
    expect(names.idOf('pics')).toBe(pics);
    expect(names.idOf('unknown')).toBe(0);
  });

  it('drops a name with its last user and reuses its id', () => {
    const names = new NameTable();
    const pics = names.acquire('pics');
    names.acquire('pics');
    names.release('pics');
    expect(names.idOf('pics')).toBe(pics);
    names.release('pics');
    expect(names.idOf('pics')).toBe(0);
    expect(names.acquire('news')).toBe(pics);
  });
});
