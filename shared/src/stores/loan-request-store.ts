import { create } from 'zustand';

/** What the customer chose in the calculator: amount as the provider spells money, term in months. */
export interface LoanRequest {
  amount: string;
  term: number;
}

interface LoanRequestState {
  /** The calculator's current choice; it outlives a slot's reload and a login. */
  draft: LoanRequest | null;
  /** The choice handed to the application (the loans slice builds it on this). */
  request: LoanRequest | null;
  /** A visitor pressed "apply" and was asked to log in first. */
  applyAfterLogin: boolean;
  setDraft: (draft: LoanRequest) => void;
  /** Hands the choice to the application. */
  submitRequest: (request: LoanRequest) => void;
  /** Remembers that the application should open once the visitor has logged in. */
  holdUntilLogin: (request: LoanRequest) => void;
  /** The application is done with the request (issued, canceled or abandoned). */
  clearRequest: () => void;
}

/**
 * The hand-over between the home slice's calculator and the loans slice's application. It
 * lives in `shared` because two slices read it, and federation makes it one store per page.
 */
export const useLoanRequestStore = create<LoanRequestState>()((set) => ({
  draft: null,
  request: null,
  applyAfterLogin: false,
  setDraft: (draft) => set({ draft }),
  submitRequest: (request) => set({ request, draft: request, applyAfterLogin: false }),
  holdUntilLogin: (request) => set({ draft: request, applyAfterLogin: true }),
  clearRequest: () => set({ request: null, applyAfterLogin: false }),
}));
