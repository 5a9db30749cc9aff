import { describe, expect, it } from 'vitest';
import { quoted } from './nginx-syntax';

describe('renderNginxConf', () => {
  it('refuses a value nginx would read as a variable', () => {
    expect(() => quoted('a $variable')).toThrow(/cannot quote/);
  });
});
