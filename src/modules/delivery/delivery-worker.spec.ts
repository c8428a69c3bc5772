import { deliveryLeaseMs } from './delivery-worker.service.js';

describe('the delivery lease', () => {
  it.each([100, 300, 10_000, 60_000])(
    'leases a claim for at least twice the %i ms deadline',
    (timeoutMs) => {
      expect(deliveryLeaseMs(timeoutMs)).toBeGreaterThanOrEqual(2 * timeoutMs);
    },
  );
});
