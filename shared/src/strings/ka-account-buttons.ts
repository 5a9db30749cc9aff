/**
 * The words of a customer's header buttons, which the host and the account slice both show.
 * A module of its own, not keys added to `ka`: a slice released before the host that provides
 * them uses its own copy of a new module, but the host's older `ka` (decision 019).
 */
export const kaAccountButtons = {
  /** The button that opens the account panel (the customer's name follows once known). */
  myAccount: 'ჩემი ანგარიში',
  logout: 'გასვლა',
} as const;
