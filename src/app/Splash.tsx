import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Spinner';

/** §2: a splash of about 2 seconds in the application shell. */
export function Splash() {
  return (
    <main className="center-screen splash" data-testid="splash" aria-busy="true">
      <Logo size={72} />
      <p className="splash-name">Studio</p>
      <Spinner size={28} label="Starting the studio" />
    </main>
  );
}
