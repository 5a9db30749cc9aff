import { isReadByNoCode } from './change-since.ts';

describe('which root files change no pipeline but the platform’s', () => {
  it('the docs and the root READMEs', () => {
    expect(isReadByNoCode('docs/payments.md')).toBe(true);
    expect(isReadByNoCode('docs/decisions/044-the-contract-in-the-repository.md')).toBe(true);
    expect(isReadByNoCode('README.md')).toBe(true);
  });

  it('not the provider’s document, which every slice’s contract test reads', () => {
    expect(isReadByNoCode('docs/provider-api.openapi.json')).toBe(false);
  });

  it('not the lockfile or a base configuration', () => {
    expect(isReadByNoCode('pnpm-lock.yaml')).toBe(false);
    expect(isReadByNoCode('tsconfig.base.json')).toBe(false);
  });
});
