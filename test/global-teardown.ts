/** Drops the template databases test/global-setup.ts made for this run. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.alertsTestTemplates?.drop();
}
