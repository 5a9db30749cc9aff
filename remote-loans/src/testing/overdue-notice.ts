/*
 * Reading the overdue notice, for its own tests and for the page that shows it beside the loans.
 */
import { screen, within } from '@testing-library/react';
import { kaLoans } from '../ka-loans';

/** The notice's region, once it shows. */
export const findNotice = () => screen.findByRole('region', { name: kaLoans.overdue.title });

/** The value of a fact of the notice, found by its term. */
export function fact(region: HTMLElement, term: string) {
  return within(region).getByText(term).nextElementSibling;
}
