/**
 * Backend mode's entrance: a reload signs in again from the token cookie; otherwise the sign-in
 * form. Signed in, `children` shows (the events page, or the join link's studio).
 */
import { useEffect, type ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useRemoteStore } from '../../state/remoteStore';
import { serverMode } from '../../services/remote/mode';
import { SignInPage } from './SignInPage';

export function SignedIn({ children }: { children: ReactNode }) {
  const auth = useRemoteStore((s) => s.auth);
  useEffect(() => {
    if (useRemoteStore.getState().auth === 'unknown') void serverMode()?.auth.restore();
  }, []);
  if (auth === 'unknown')
    return (
      <main className="center-screen">
        <Spinner size={40} label="Signing in" />
      </main>
    );
  if (auth === 'signed-out') return <SignInPage />;
  return <>{children}</>;
}
