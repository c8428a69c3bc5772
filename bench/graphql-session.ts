/** A signed-in dashboard session, as the browser holds one: its cookie and its CSRF token. */
export class GraphqlSession {
  private constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly csrfToken: string,
  ) {}

  /** Signs in through the signIn mutation, as the dashboard's sign-in page does. */
  static async signIn(base: string, email: string, password: string): Promise<GraphqlSession> {
    const answer = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($input: SignInInput!) { signIn(input: $input) { csrfToken } }',
        variables: { input: { email, password } },
      }),
    });
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0];
    const { data } = (await answer.json()) as { data: { signIn: { csrfToken: string } } | null };
    if (data === null || cookie === '') throw new Error(`sign-in of ${email}: ${answer.status}`);
    return new GraphqlSession(base, cookie, data.signIn.csrfToken);
  }

  /** One operation on /graphql with the session; an answer with errors throws. */
  async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const answer = await fetch(`${this.base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookie,
        'x-csrf-token': this.csrfToken,
      },
      body: JSON.stringify({ query, variables }),
    });
    const { data, errors } = (await answer.json()) as { data?: T; errors?: unknown[] };
    if (errors !== undefined || data === undefined) {
      throw new Error(`GraphQL ${answer.status}: ${JSON.stringify(errors)}`);
    }
    return data;
  }
}
