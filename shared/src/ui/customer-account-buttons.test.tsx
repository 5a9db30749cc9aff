import { act, render, screen } from '@testing-library/react';
import { CustomerAccountButtons, initialsOf } from './customer-account-buttons';

describe('initialsOf', () => {
  it('takes the first letter of each name', () => {
    expect(initialsOf(' გიორგი', 'კაპანაძე ')).toBe('გკ');
  });
});

describe('the customer’s name in the header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives way to initials when its box narrows after it was shown (a button came beside it)', () => {
    const observed: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observed.push(this.callback);
        }
        disconnect() {}
      },
    );
    render(
      <CustomerAccountButtons
        names={{ first_name: 'გიორგი', last_name: 'კაპანაძე' }}
        open={false}
        onAccount={() => undefined}
        onLogout={() => undefined}
      />,
    );
    const name = screen.getByText('გიორგი');
    expect(screen.queryByText('გკ')).toBeNull();

    Object.defineProperty(name, 'clientWidth', { configurable: true, value: 20 });
    Object.defineProperty(name, 'scrollWidth', { configurable: true, value: 48 });
    act(() => {
      for (const measure of observed) measure();
    });

    expect(screen.getByText('გკ')).toBeInTheDocument();
  });
});
