/** The Reddit requests one poll cycle may spend, shared by listing pages, gap filling and lookups. */
export class RequestBudget {
  private spent = 0;

  constructor(readonly limit: number) {}

  get used(): number {
    return this.spent;
  }

  get remaining(): number {
    return this.limit - this.spent;
  }

  /** Takes one request, unless that would leave fewer than `keep` for work still to come. */
  tryTake(keep = 0): boolean {
    if (this.remaining - 1 < keep) return false;
    this.spent += 1;
    return true;
  }
}
