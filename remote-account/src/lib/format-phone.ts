/**
 * A Georgian mobile as people read it: 555123456 → "555 12 34 56", with no-break spaces so a
 * narrow screen never splits the number. Anything else stays as the provider sent it.
 */
export function formatPhone(phone: string): string {
  const match = /^(5\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return match ? match.slice(1).join('\u00a0') : phone;
}
