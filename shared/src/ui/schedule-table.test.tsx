import { screen, within } from '@testing-library/react';
import { render } from 'shared/testing/render';
import { ScheduleTable } from './schedule-table';

function row(number: number, date: string, paid: boolean) {
  return {
    number,
    date,
    principal: '250.00',
    interest: '20.00',
    payment: '270.00',
    balance: '0.00',
    paid,
  };
}

describe('ScheduleTable', () => {
  it('lists the rows by their number whatever order the provider sends them in', () => {
    render(
      <ScheduleTable
        caption="გრაფიკი"
        rows={[
          row(3, '2027-01-20', false),
          row(1, '2026-11-20', true),
          row(2, '2026-12-20', false),
        ]}
      />,
    );
    const [, ...rows] = within(screen.getByRole('table')).getAllByRole('row');
    const numbers = rows.map((tableRow) => within(tableRow).getByRole('rowheader').textContent);
    expect(numbers).toEqual(['1', '2', '3']);
    expect(rows[0]).toHaveTextContent(/20 ნოემბერი,? 2026/);
  });
});
