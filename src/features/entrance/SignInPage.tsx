/**
 * Backend mode's sign-in (§7 oauth2/token): username, password and remember me. Remember me keeps
 * the username only — never the password or a token in local storage (RELIABILITY-NOTES §2.2); the
 * form is one the browser's password manager recognises, which is where a password belongs.
 */
import { useId, useState, type FormEvent } from 'react';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { errorMessage } from '../../log';
import { signInThrottled } from '../../services/remote/auth';
import { serverMode } from '../../services/remote/mode';
import { SIGN_IN_TEXTS } from './texts';

export function SignInPage({ onSignedIn }: { onSignedIn?: () => void }) {
  const server = serverMode();
  const remembered = server?.auth.rememberedUsername() ?? '';
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!server || busy) return;
    if (!username.trim() || !password) return setError(SIGN_IN_TEXTS.missing);
    setBusy(true);
    setError(null);
    try {
      await server.auth.signIn(username.trim(), password, remember);
      setPassword('');
      onSignedIn?.();
    } catch (failure) {
      // §8: a failed call throws its JSON error body (its message), a network failure null; 429: too many tries.
      const throttled = signInThrottled(failure);
      if (failure === null) setError(SIGN_IN_TEXTS.unreachable);
      else if (throttled) setError(SIGN_IN_TEXTS.tooManyTries(throttled.retryAfter));
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-screen" data-testid="sign-in">
      <form className="card narrow entrance-card" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
        <Logo size={48} />
        <h1 id={`${id}-title`} className="screen-title">
          {SIGN_IN_TEXTS.title}
        </h1>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-user`}>
            {SIGN_IN_TEXTS.username}
          </label>
          <input id={`${id}-user`} className="input" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus={!remembered} maxLength={200} required />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-password`}>
            {SIGN_IN_TEXTS.password}
          </label>
          <input id={`${id}-password`} className="input" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus={!!remembered} maxLength={500} required />
        </div>
        <div className="entrance-remember">
          <label className="checkbox-row">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} aria-describedby={`${id}-remember-note`} />
            {SIGN_IN_TEXTS.remember}
          </label>
          <p id={`${id}-remember-note`} className="field-hint">
            {SIGN_IN_TEXTS.rememberNote}
          </p>
        </div>
        {error && (
          <p className="field-error entrance-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary entrance-submit" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size={16} label={SIGN_IN_TEXTS.signingIn} /> : null} {SIGN_IN_TEXTS.submit}
        </button>
      </form>
    </main>
  );
}
