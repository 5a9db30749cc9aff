import { ApiError } from 'shared/api/api-error';
import { kaLoans } from '../ka-loans';
import { knownRefusal, refusalText } from './refusal';

const refusal = (code: string | null, message = 'Provider words.', fields = {}) =>
  new ApiError('http', 400, code, message, fields);

describe('a money action’s refusal', () => {
  it('names the provider’s v1.1 codes in the slice’s Georgian, whatever its own words', () => {
    for (const code of ['loan_closed', 'payoff_date_invalid', 'withdrawal_period_over'] as const) {
      expect(knownRefusal(refusal(code))).toBe(kaLoans.refusal[code]);
      expect(refusalText(refusal(code))).toBe(kaLoans.refusal[code]);
    }
  });

  it('says anything else as the API client worded it: a field’s message first', () => {
    expect(knownRefusal(refusal('throttled'))).toBeNull();
    expect(refusalText(refusal(null, 'Service down.'))).toBe('Service down.');
    expect(refusalText(refusal(null, 'Bad.', { amount: ['Too much.'] }))).toBe('Too much.');
  });
});
