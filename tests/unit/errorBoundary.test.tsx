import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary } from '../../src/app/ErrorBoundary';
import { TEXTS } from '../../src/lib/texts';
import { log } from '../../src/log';

let explode = true;
function Fragile() {
  const [n] = useState(1);
  if (explode) throw new Error('layer list corrupted');
  return <p>stage ok {n}</p>;
}

describe('global render errors (§8)', () => {
  it('are caught, shown by the error component, logged, and the UI resets', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const onReset = vi.fn();
    render(
      <ErrorBoundary onReset={onReset}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.unknownError);
    expect(screen.getByText('layer list corrupted')).toBeInTheDocument();
    expect(log.entries().at(-1)?.message).toContain('layer list corrupted');

    explode = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'RESET STUDIO VIEW' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByText('stage ok 1')).toBeInTheDocument();
  });
});
