/** Backend mode's sign-in page and sign-out: a throttled sign-in (429) says how long to wait; sign-out ends the session on the server too. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInPage } from '../../src/features/entrance/SignInPage';
import { SIGN_IN_TEXTS } from '../../src/features/entrance/texts';
import { createClient, json } from '../../src/api/http';
import { createAuth } from '../../src/services/remote/auth';
import type { Clients } from '../../src/services/remote/clients';
import { installServerMode } from '../../src/services/remote/mode';
import type { ServerBackend } from '../../src/services/remote/remoteBackend';
import { tokens } from '../../src/services/remote/tokens';

afterEach(() => {
  installServerMode(null);
  tokens.clear();
});

/** A server mode whose sign-in fails with `failure` (what the api client throws). */
function serverSigningInWith(signIn: () => Promise<unknown>) {
  installServerMode({ auth: { rememberedUsername: () => '', signIn } } as unknown as ServerBackend);
}

async function submit(): Promise<void> {
  const user = userEvent.setup();
  render(<SignInPage />);
  await user.type(screen.getByLabelText(SIGN_IN_TEXTS.username), 'producer1');
  await user.type(screen.getByLabelText(SIGN_IN_TEXTS.password), 'guess');
  await user.click(screen.getByRole('button', { name: new RegExp(SIGN_IN_TEXTS.submit) }));
}

describe('sign-in page', () => {
  it('a 429 from the server reads its Retry-After into a clear message', async () => {
    // The api client's own mapping of the server's answer (Retry-After: 42).
    const answer = async () => new Response(JSON.stringify({ type: 'unknown', code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Try again in 42 seconds.' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } });
    const call = () => json(() => createClient({ base: 'http://127.0.0.1:1/um/', fetch: answer, retry: 0 }).post('oauth2/token'));
    await expect(call()).rejects.toMatchObject({ status: 429, retryAfter: 42 });
    serverSigningInWith(call);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_TEXTS.tooManyTries(42));
    expect(SIGN_IN_TEXTS.tooManyTries(42)).toMatch(/wait 42 seconds/);
  });

  it('a wrong password still shows the server\'s message', async () => {
    serverSigningInWith(() => Promise.reject({ type: 'unknown', code: 'UNAUTHORIZED', message: 'Wrong username or password', status: 401 }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
  });
});

describe('sign-out', () => {
  it('clears the token here at once and asks the server to end the session', async () => {
    const signOut = vi.fn(async () => undefined);
    const auth = createAuth({ clients: { users: { signOut } } as unknown as Clients, disablePtSequinCheck: true });
    tokens.setUser('the-token', 3600);
    const done = auth.signOut();
    expect(tokens.user()).toBeNull();
    await done;
    expect(signOut).toHaveBeenCalledWith('the-token');
  });

  it('a server that cannot be reached does not keep anyone signed in here', async () => {
    const auth = createAuth({ clients: { users: { signOut: () => Promise.reject(null) } } as unknown as Clients, disablePtSequinCheck: true });
    tokens.setUser('the-token', 3600);
    await auth.signOut();
    expect(tokens.user()).toBeNull();
    expect(tokens.fromCookie()).toBeNull();
  });
});
