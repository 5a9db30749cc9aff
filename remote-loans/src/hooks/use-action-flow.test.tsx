import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared/api/api-error';
import { kaLoans } from '../ka-loans';
import { useActionFlow } from './use-action-flow';

/** A money action reduced to its flow: the write answers what the test gives it. */
function Action({ write }: { write: () => Promise<string | undefined> }) {
  const flow = useActionFlow<string>();
  const confirm = async () => {
    const answer = await flow.send(write);
    if (answer) flow.finish(answer);
  };
  return (
    <>
      {flow.step === 'closed' ? (
        <button type="button" ref={flow.trigger} onClick={flow.start}>
          open
        </button>
      ) : null}
      {flow.open ? (
        <>
          <p>step: {flow.step}</p>
          <button type="button" onClick={flow.toConfirm}>
            continue
          </button>
          <button type="button" onClick={() => void confirm()}>
            confirm
          </button>
          <button type="button" onClick={flow.cancel}>
            cancel
          </button>
        </>
      ) : null}
      {flow.refusal ? <p role="alert">{flow.refusal}</p> : null}
      {flow.result ? (
        <button type="button" onClick={flow.close}>
          done: {flow.result}
        </button>
      ) : null}
    </>
  );
}

describe('a money action’s flow', () => {
  it('opens, confirms, tells what was done, and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Action write={async () => 'paid 10'} />);

    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'continue' }));
    expect(screen.getByText('step: confirm')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'confirm' }));

    await user.click(await screen.findByRole('button', { name: 'done: paid 10' }));
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
    // Closed, the done message's words are gone with it.
    expect(screen.queryByText(/done:/)).toBeNull();
  });

  it('says a refusal in the slice’s Georgian, and forgets it when started again', async () => {
    const user = userEvent.setup();
    const refused = new ApiError('http', 400, 'loan_closed', 'Loan is closed.');
    render(<Action write={() => Promise.reject(refused)} />);

    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(kaLoans.refusal.loan_closed);
    expect(screen.getByText('step: choose')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'cancel' }));
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does nothing when the write was already on its way (it answers nothing)', async () => {
    const user = userEvent.setup();
    render(<Action write={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.getByText('step: choose')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/done:/)).toBeNull();
  });
});
