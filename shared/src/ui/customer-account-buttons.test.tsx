import { initialsOf } from './customer-account-buttons';

describe('initialsOf', () => {
  it('takes the first letter of each name', () => {
    expect(initialsOf(' გიორგი', 'კაპანაძე ')).toBe('გკ');
  });
});
