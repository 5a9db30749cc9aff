import type { ComponentType } from 'react';
import type { RemoteModuleId } from 'tooling/remotes';

/**
 * What each exposed module is to the host: a component, its default export. The ids and the
 * remotes' `exposes` maps are checked against one list, tooling/remotes (MF's type download
 * needs the network, so the contract is written there once).
 */
export type RemoteModuleMap = Record<RemoteModuleId, { default: ComponentType }>;
