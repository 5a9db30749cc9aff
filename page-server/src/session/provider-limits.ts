/*
 * The limits of every call to the provider, through the session gateway (this folder) and
 * nginx alike (deploy writes them into its configuration): how long it may take and how large
 * a body it may carry.
 */

export interface ProviderTimeouts {
  connect: number;
  headers: number;
  body: number;
}

/**
 * The largest request body passed on: the photo upload, three files of 5 MiB at most, with the
 * form's own bytes. The provider enforces its limits too; this keeps a bigger body from tying
 * up the proxy and the provider's connection while it arrives.
 */
export const PROXY_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * How long the provider may take. An upload on a slow phone link takes a while to arrive, so
 * the waits are generous; a provider that takes longer is as good as down (502, the
 * contract's shape), and the slot that asked says so.
 */
export const PROVIDER_TIMEOUTS: ProviderTimeouts = {
  connect: 5_000,
  headers: 60_000,
  body: 60_000,
};
