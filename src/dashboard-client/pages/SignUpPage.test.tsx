import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphql, Refusal } from '../testing/graphql-transport';
import { renderPage } from '../testing/render';
import { SignUpPage } from './SignUpPage';

const PASSWORD = 'a long enough password';

async function fillAndSend(user: ReturnType<typeof renderPage>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'sam@example.org');
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('the sign-up page', () => {
  it('says sign-up is closed, and shows no form, while it is', async () => {
    fakeGraphql({ SignUpOpen: () => ({ signUpOpen: false }) });
    renderPage(<SignUpPage />);
    await screen.findByText('Sign-up is closed on this service: ask its operator for an account.');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('sends the email and password, then says where the link went and for how long', async () => {
    const server = fakeGraphql({
      SignUpOpen: () => ({ signUpOpen: true }),
      SignUp: () => ({ signUp: { email: 'sam@example.org', linkValidHours: 24 } }),
    });
    const { user } = renderPage(<SignUpPage />);
    await fillAndSend(user);

    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain('We sent a link to sam@example.org');
    expect(sent.textContent).toContain('it works once, for 24 hours');
    expect(server.sent('SignUp')).toEqual([
      { input: { email: 'sam@example.org', password: PASSWORD } },
    ]);
  });

  it("shows the server's words when it refuses, keeping the form", async () => {
    fakeGraphql({
      SignUpOpen: () => ({ signUpOpen: true }),
      SignUp: () => {
        throw new Refusal(
          'Too many sign-ups from your network: at most 10 an hour. Try again later.',
          'rate_limited',
        );
      },
    });
    const { user } = renderPage(<SignUpPage />);
    await fillAndSend(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-ups from your network: at most 10 an hour. Try again later.',
    );
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });
});
