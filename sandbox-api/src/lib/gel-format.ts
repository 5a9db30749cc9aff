/**
 * An amount as the client shows it to a Georgian reader (ka-GE): thousands grouped by a
 * no-break space, a decimal comma, then the lari sign — `1 234,56 ₾`. Works on the decimal
 * string, never a float.
 */
export function formatGel(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction] = match as unknown as [string, string, string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped},${fraction}\u00a0₾`;
}
