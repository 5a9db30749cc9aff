import { type JsonSchema, schemaMismatches } from 'shared/testing/schema-mismatches';

const money: JsonSchema = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' };
const object = (properties: Record<string, JsonSchema>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

describe('a client schema against the provider’s', () => {
  it('takes what the provider promises, field for field', () => {
    const loan = object({ id: { type: 'integer' }, amount: money });
    expect(schemaMismatches(loan, loan)).toEqual([]);
  });

  it('refuses a field the client needs and the provider does not send', () => {
    const client = object({ id: { type: 'integer' }, penalty: money });
    const provider = object({ id: { type: 'integer' } });

    expect(schemaMismatches(client, provider)).toEqual([
      ".penalty: the client reads it, the provider's document does not have it",
    ]);
  });

  it('refuses a field the client requires and the provider may leave out', () => {
    const client = object({ amount: money });
    const provider = object({ amount: money }, []);

    expect(schemaMismatches(client, provider)).toEqual([
      '.amount: the client requires it, the provider may leave it out',
    ]);
  });

  it('refuses a null, a type or a value the client does not take', () => {
    const client = object({
      paid_at: { type: 'string' },
      term: { type: 'integer' },
      status: { type: 'string', enum: ['active', 'repaid'] },
    });
    const provider = object({
      paid_at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      term: { type: 'string' },
      status: { type: 'string', enum: ['active', 'repaid', 'withdrawn'] },
    });

    expect(schemaMismatches(client, provider)).toEqual([
      '.paid_at: the client takes string, the provider sends null',
      '.term: the client takes integer, the provider sends string',
      '.status: the provider may send "withdrawn", the client takes "active", "repaid"',
    ]);
  });

  it('judges a stricter pattern by the provider’s strings: a date is digits, money may be negative', () => {
    const validDate: JsonSchema = {
      type: 'string',
      pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
    };
    expect(
      schemaMismatches({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, validDate),
    ).toEqual([]);

    const [why] = schemaMismatches({ type: 'string', pattern: '^\\d+(\\.\\d+)?$' }, money);
    expect(why).toMatch(/^: the provider may send "-\d+\.\d{2}"/);
  });

  it('refuses a rule on a string the provider promises nothing about', () => {
    expect(schemaMismatches({ type: 'string', minLength: 10 }, { type: 'string' })).toEqual([
      ': the client takes 10 characters or more, the provider promises any string',
    ]);
  });

  it('follows the provider’s components and items', () => {
    const components = { Card: object({ last4: { type: 'string' } }) };
    const client = {
      type: 'array',
      items: object({ last4: { type: 'string' }, brand: { type: 'string' } }),
    };
    const provider = { type: 'array', items: { $ref: '#/components/schemas/Card' } };

    expect(schemaMismatches(client, provider, components)).toEqual([
      "[].brand: the client reads it, the provider's document does not have it",
    ]);
  });
});
