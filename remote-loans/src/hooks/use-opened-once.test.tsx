import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expectConsoleError } from 'shared/testing/setup-tests';
import { useOpenedOnce } from './use-opened-once';

function Disclosure() {
  const { ref, opened, onToggle } = useOpenedOnce();
  return (
    <details ref={ref} onToggle={onToggle}>
      <summary>გადახდები</summary>
      {opened ? <p>ჩატვირთულია</p> : null}
    </details>
  );
}

describe('a disclosure that loads when first opened', () => {
  it('loads when the script finds it opened already: a tap before hydration is not lost', async () => {
    // One process plays server and browser here; React's development build notices.
    expectConsoleError(/Detected multiple renderers concurrently rendering the same context/);
    // The opened attribute is the customer's, not the server's: React's development build says
    // so (and leaves it, as production does).
    expectConsoleError(/attributes of the server rendered HTML didn't match/);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Disclosure />);
    document.body.append(container);
    // The customer opens it on the server's page, before any script listens.
    const details = container.querySelector('details');
    if (!details) throw new Error('no details');
    details.open = true;
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Disclosure />);
    });
    expect(screen.getByText('ჩატვირთულია')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });
});
