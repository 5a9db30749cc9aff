import { useCallback } from 'react';
import { PAY_LOAN_PARAM } from 'shared/navigation/act-addresses';
import { useSearchParams } from 'shared/navigation/router';

/**
 * The loan a pay link asks to pay (`/?pay=<loan>`, act-addresses), or null when none does (a
 * value that is no loan's id reads as an unknown loan's), and `answered`, which takes the
 * param out of the address with a replace, so neither a reload nor going back asks again.
 * Only inside a router that has the parts (useInRouter).
 */
export function usePayLink(): { loan: number | null; answered: () => void } {
  const [params, setParams] = useSearchParams();
  const requested = params.get(PAY_LOAN_PARAM);
  const answered = useCallback(() => {
    const rest = new URLSearchParams(params);
    rest.delete(PAY_LOAN_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return { loan: requested === null ? null : Number(requested), answered };
}
