import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './text-field';

describe('TextField', () => {
  it('is found by its label and takes typing', async () => {
    render(<TextField label="პირადი ნომერი" name="username" />);
    const input = screen.getByRole('textbox', { name: 'პირადი ნომერი' });
    await userEvent.type(input, '01001012345');
    expect(input).toHaveValue('01001012345');
  });

  it('is described by its hint', () => {
    render(<TextField label="პირადი ნომერი" hint="11 ციფრი" />);
    const input = screen.getByRole('textbox', { name: 'პირადი ნომერი' });
    expect(input).toHaveAccessibleDescription('11 ციფრი');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('is marked invalid and described by hint and error when there is an error', () => {
    render(<TextField label="კოდი" hint="6 ციფრი" error="კოდი არასწორია" />);
    const input = screen.getByRole('textbox', { name: 'კოდი' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('6 ციფრი კოდი არასწორია');
    expect(screen.getByText('კოდი არასწორია')).toBeVisible();
  });

  it('has no description and is not invalid without hint or error', () => {
    render(<TextField label="პაროლი" type="text" />);
    const input = screen.getByRole('textbox', { name: 'პაროლი' });
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps two fields’ labels and hints apart', () => {
    render(
      <>
        <TextField label="პირველი" hint="ა" />
        <TextField label="მეორე" hint="ბ" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'პირველი' })).toHaveAccessibleDescription('ა');
    expect(screen.getByRole('textbox', { name: 'მეორე' })).toHaveAccessibleDescription('ბ');
  });
});
