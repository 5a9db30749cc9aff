/** The account slice's profile copy, in Georgian; part of `ka` (shared/strings/ka). */
export const kaProfile = {} as const;
