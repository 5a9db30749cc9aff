/**
 * A registration's text fields as a customer who passes every check fills them in: what the
 * form's tests type and the API's tests send, so both speak of the same customer.
 */
export const validRegistration = {
  personal_number: '01001054321',
  first_name: 'გიორგი',
  last_name: 'კაპანაძე',
  birth_date: '1995-03-21',
  phone_number: '599123456',
  email: 'giorgi@example.ge',
  password: 'Parol1234',
  password_confirm: 'Parol1234',
} as const;
