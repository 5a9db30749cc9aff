import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('groups a Georgian mobile as it is read aloud', () => {
    expect(formatPhone('555123456')).toBe('555\u00a012\u00a034\u00a056');
  });

  it('leaves anything else as the provider sent it', () => {
    expect(formatPhone('+995555123456')).toBe('+995555123456');
    expect(formatPhone('')).toBe('');
  });
});
