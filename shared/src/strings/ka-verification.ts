/** The account slice's verification copy, in Georgian; part of `ka` (shared/strings/ka). */
export const kaVerification = {} as const;
