// @vitest-environment node
import {
  PAGE_SERVER_VARIABLES,
  RENAMED_PAGE_SERVER_VARIABLES,
} from 'release-contract/config-variables';
import { withRenamedVariables } from './renamed-variables';

const read = (env: Record<string, string | undefined>) => {
  const warnings: string[] = [];
  return { env: withRenamedVariables(env, (message) => warnings.push(message)), warnings };
};

describe('the page server’s renamed variables', () => {
  it('takes an old name a deployment still sets, and says once what to set instead', () => {
    const { env, warnings } = read({ HOST_RENDER_WORKERS: '3', HOST_ROOT: '/srv/host' });
    expect(env).toMatchObject({ PAGE_SERVER_RENDER_WORKERS: '3', PAGE_SERVER_ROOT: '/srv/host' });
    expect(warnings).toEqual([
      expect.stringMatching(/HOST_RENDER_WORKERS .*set PAGE_SERVER_RENDER_WORKERS instead/),
      expect.stringMatching(/HOST_ROOT .*set PAGE_SERVER_ROOT instead/),
    ]);
  });

  it('keeps the new name when both are set, and says the old one is ignored', () => {
    const { env, warnings } = read({
      PAGE_SERVER_LOG_LEVEL: 'info',
      HOST_LOG_LEVEL: 'debug',
    });
    expect(env.PAGE_SERVER_LOG_LEVEL).toBe('info');
    expect(warnings).toEqual([
      expect.stringMatching(/HOST_LOG_LEVEL is ignored, PAGE_SERVER_LOG_LEVEL is set/),
    ]);
  });

  it('says nothing when only the new names are set, and leaves the rest as it was', () => {
    const { env, warnings } = read({ PAGE_SERVER_RENDER_BUDGET_MS: '250', HOST_PORT: '3000' });
    expect(env).toEqual({ PAGE_SERVER_RENDER_BUDGET_MS: '250', HOST_PORT: '3000' });
    expect(warnings).toEqual([]);
  });

  it('renames to what the table declares, from what it no longer does', () => {
    const declared = new Set<string>(PAGE_SERVER_VARIABLES.flatMap((variable) => variable.names));
    for (const [old, renamed] of Object.entries(RENAMED_PAGE_SERVER_VARIABLES)) {
      expect(declared.has(renamed), renamed).toBe(true);
      expect(declared.has(old), old).toBe(false);
    }
  });
});
