/** The account slice's registration copy, in Georgian; part of `ka` (shared/strings/ka). */
export const kaRegistration = {} as const;
