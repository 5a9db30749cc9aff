/** Schedule rows by their `number`, first due first: the contract gives the list no order. */
export function inRowOrder<R extends { number: number }>(rows: readonly R[]): R[] {
  return [...rows].sort((a, b) => a.number - b.number);
}
