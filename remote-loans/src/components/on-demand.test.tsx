import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ka } from 'shared/strings/ka';
import { OnDemand, type OnDemandPart, onDemand } from './on-demand';

const FAILED = 'ფორმის ჩატვირთვა ვერ მოხერხდა.';

function Form({ amount }: { amount: string }) {
  return <p>გადასახდელი: {amount}</p>;
}

function Trigger({ part }: { part: OnDemandPart<{ amount: string }> }) {
  return (
    <button type="button" {...part.intent}>
      გადახდა
    </button>
  );
}

/** A part whose code is a promise the test settles, counting each fetch. */
function partLoadedBy(outcomes: Array<'loads' | 'fails'>) {
  const fetches: string[] = [];
  const part = onDemand<{ amount: string }>(
    async () => {
      const outcome = outcomes[fetches.length] ?? 'loads';
      fetches.push(outcome);
      if (outcome === 'fails') throw new Error('Loading chunk 42 failed.');
      return Form;
    },
    { pendingHeight: '4rem', failed: FAILED },
  );
  return { part, fetches };
}

describe('a part fetched on demand', () => {
  it('fetches nothing until it is wanted, then shows the part with its props', async () => {
    const { part, fetches } = partLoadedBy(['loads']);
    expect(fetches).toEqual([]);
    render(<OnDemand part={part} props={{ amount: '150,00 ₾' }} />);
    expect(await screen.findByText('გადასახდელი: 150,00 ₾')).toBeInTheDocument();
    expect(fetches).toEqual(['loads']);
  });

  it('starts the fetch on intent, once however often the intent comes', async () => {
    const { part, fetches } = partLoadedBy(['loads']);
    const user = userEvent.setup();
    render(<Trigger part={part} />);
    await user.hover(screen.getByRole('button'));
    await user.tab();
    await user.tab();
    expect(fetches).toEqual(['loads']);
    // Opened later, it uses what the intent fetched.
    render(<OnDemand part={part} props={{ amount: '20,00 ₾' }} />);
    expect(await screen.findByText('გადასახდელი: 20,00 ₾')).toBeInTheDocument();
    expect(fetches).toEqual(['loads']);
  });

  it('says in Georgian that it could not load, and fetches again on retry', async () => {
    const { part, fetches } = partLoadedBy(['fails', 'loads']);
    const user = userEvent.setup();
    render(<OnDemand part={part} props={{ amount: '150,00 ₾' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    await user.click(screen.getByRole('button', { name: ka.common.retry }));
    expect(await screen.findByText('გადასახდელი: 150,00 ₾')).toBeInTheDocument();
    expect(fetches).toEqual(['fails', 'loads']);
  });
});
