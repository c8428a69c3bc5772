/**
 * The password hashing cost of every service a test starts (createTestApp, the spawned server
 * and admin command): scrypt at N=2^10, the lowest PASSWORD_HASH_LOG_N accepted, since the
 * production 2^15 takes 0.3–0.7 s per sign-in on a loaded 2-core machine. A test may still set
 * its own. password-hash.spec.ts hashes and verifies at the production cost.
 */
export const TEST_PASSWORD_HASH_ENV = { PASSWORD_HASH_LOG_N: '10' };
