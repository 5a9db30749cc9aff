import { missingPaths } from './docs-paths';

describe('the READMEs and decision records', () => {
  it('name only files, modules and exposed modules that exist', () => {
    expect(missingPaths()).toEqual([]);
  });
});
