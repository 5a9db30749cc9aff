import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityPlugin } from './integrity-plugin';

const PIN = `sha384-${'A'.repeat(64)}`;
const ENTRY = 'https://home.lender.ge/v12/remoteEntry.js';

const plugin = integrityPlugin([
  {
    name: 'remote_home',
    manifestUrl: 'https://home.lender.ge/v12/mf-manifest.json',
    integrity: { entry: PIN },
  },
  { name: 'remote_loans', manifestUrl: 'https://loans.lender.ge/mf-manifest.json' },
]);

type CreateScript = NonNullable<ModuleFederationRuntimePlugin['createScript']>;
const createScript = (url: string, name: string, entry = ENTRY) =>
  (plugin.createScript as CreateScript)({
    url,
    attrs: {},
    remoteInfo: { name, entry, type: 'global', entryGlobalName: name, shareScope: 'default' },
  } as Parameters<CreateScript>[0]);

describe('the browser runs only the release a rollout registered', () => {
  it('loads a pinned remote’s entry with its integrity, fetched with CORS', () => {
    const script = createScript(ENTRY, 'remote_home');
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect((script as HTMLScriptElement).integrity).toBe(PIN);
    expect((script as HTMLScriptElement).crossOrigin).toBe('anonymous');
  });

  it('leaves alone a script that is not the entry, and a remote without pins', () => {
    expect(createScript('https://home.lender.ge/v12/123.js', 'remote_home')).toBeUndefined();
    expect(
      createScript(
        'https://loans.lender.ge/remoteEntry.js',
        'remote_loans',
        'https://loans.lender.ge/remoteEntry.js',
      ),
    ).toBeUndefined();
  });

  it('does not run the chunks a pinned remote’s manifest lists ahead of its entry', async () => {
    const preloadOps = [{ nameOrAlias: 'remote_home' }, { nameOrAlias: 'remote_loans' }];
    const before = plugin.beforePreloadRemote as (args: { preloadOps: typeof preloadOps }) => void;
    await before({ preloadOps });
    expect(preloadOps).toEqual([{ nameOrAlias: 'remote_loans' }]);
  });
});
