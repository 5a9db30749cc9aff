import { kaAutopayCard } from './ka-autopay-card';
import { kaAutopayTerms } from './ka-autopay-terms';

/**
 * Every word of a loan's automatic payment in one object, for tests and the e2e suite. The
 * product imports the two parts, so the terms load with their code.
 */
export const kaAutopay = { ...kaAutopayCard, ...kaAutopayTerms } as const;
