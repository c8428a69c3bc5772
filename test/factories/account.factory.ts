import { newId } from '../../src/common/ids.js';
import { AccountEntity } from '../../src/modules/accounts/account.entity.js';
import type { TestStorage } from '../utils/test-storage.js';

/** Stores an account row, on the starter plan of the alerts product unless told otherwise. */
export async function insertAccount(
  storage: TestStorage,
  overrides: Partial<AccountEntity> = {},
): Promise<AccountEntity> {
  const now = storage.clock.nowMs();
  const account = Object.assign(new AccountEntity(), {
    id: newId(),
    name: '',
    product: 'alerts',
    plan: 'starter',
    status: 'active',
    createdAt: now,
    updatedAt: now,
    changeSeq: 0,
    ...overrides,
  });
  await storage.database.transaction((manager) => manager.insert(AccountEntity, account));
  return account;
}
