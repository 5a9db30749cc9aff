import { createContext } from 'react';
import type { RemoteModuleId } from 'release-contract/remotes';
import { loadRemoteModule } from '../federation/register-remotes';
import type { RemoteModuleMap } from '../federation/remote-modules';

/** How a slot gets its remote's module: from the browser's federation runtime, or the server's. */
export type LoadRemoteModule = <Id extends RemoteModuleId>(id: Id) => Promise<RemoteModuleMap[Id]>;

/**
 * The loader the page's slots use. The browser's is the default; the host's server renders
 * with one that takes each slice's server bundle of its current release (decision 020).
 */
export const RemoteLoaderContext = createContext<LoadRemoteModule>(loadRemoteModule);
