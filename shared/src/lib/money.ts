const gel = new Intl.NumberFormat('ka-GE', {
  style: 'currency',
  currency: 'GEL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The provider sends money as decimal strings ("1500.00"); customers read "1 500,00 ₾". */
export function formatMoney(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? gel.format(value) : amount;
}

const dateFormat = new Intl.DateTimeFormat('ka-GE', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** ISO dates ("2026-11-22") shown as Georgian dates. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
