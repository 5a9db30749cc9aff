import type { IIoK8sApiNetworkingV1NetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { HOST_APP, metricsPortOf } from 'release-contract/apps';
import { type ReleasesDocument, releasesDocumentSchema } from 'release-contract/releases-document';

/*
 * What a lender's cluster differs by (its image, its addresses, its namespaces, its releases),
 * typed, with the defaults the checked-in manifests (deploy/cluster/manifests/) are written
 * from. Everything else in the manifests follows from the page server's own code: its ports,
 * probe paths, variables, stop timing and node flags.
 */

/** A service the page servers call, and how a network policy finds it (pods or addresses). */
export interface Upstream {
  /** Its origin, e.g. `https://api.lender.ge`. */
  origin: string;
  /** Where it is, as a NetworkPolicy sees it: pods in a namespace, or an address block. */
  peers: IIoK8sApiNetworkingV1NetworkPolicyPeer[];
  /** The port the policy opens, when not the origin's own (a Service's target port differs). */
  port?: number;
}

export interface ClusterInput {
  namespace: string;
  /** The page server's image (deploy/cluster/Containerfile), by digest or tag. */
  image: string;
  /** The fewest page servers: two, so one machine can go while the other serves. */
  minReplicas: number;
  maxReplicas: number;
  /** The public host name the Ingress answers for (TLS from `tlsSecretName`, never written here). */
  publicHost: string;
  tlsSecretName: string;
  ingressClassName: string;
  /** Where the ingress controller's pods run: the only source of pages. */
  ingressControllerNamespace: string;
  /** The proxies in front (the ingress controller's pod network), whose X-Forwarded-For is trusted. */
  trustedProxies: string[];
  /** The lender's API (API_BASE_URL). */
  provider: Upstream;
  /** The static origin the slices' releases are served from (their manifests, their server code). */
  releaseOrigin: Upstream;
  /** Prometheus's pods: the only reader of the metrics port. */
  prometheus: { namespace: string; podLabels: Record<string, string> };
  /** The Secret holding the session's keys (made by the lender's secret store, never here). */
  secretName: string;
  /** The releases document the ConfigMap carries (`--releases <file>`), as its signature says. */
  releases: ReleasesDocument;
  /** The same document as the rollout signed it: the ConfigMap's text (decision 040). */
  signedReleases: string;
  /** The rollout's public key (SPKI PEM), the page servers' RELEASES_PUBLIC_KEY. */
  releasesPublicKey: string;
}

/** A signed releases document, verified with the key the page servers will be given. */
export interface VerifiedReleases {
  document: ReleasesDocument;
  text: string;
  publicKey: string;
}

/** The page server's ports in its pod: the host's own port, and its metrics port beside it. */
export const PAGE_PORT = HOST_APP.port;
export const METRICS_PORT = metricsPortOf(HOST_APP.port);

/** Names the objects share: one app, one label set. */
export const APP_NAME = 'page-server';
export const APP_LABELS = {
  'app.kubernetes.io/name': APP_NAME,
  'app.kubernetes.io/part-of': 'lender-web',
} as const;
export const RELEASES_CONFIG_MAP = 'page-server-releases';
/** Where the pod mounts the releases document, and the file RELEASES_SOURCE names. */
export const RELEASES_MOUNT = '/etc/lender/releases';
export const RELEASES_FILE = 'releases.json';

const inNamespace = (name: string): IIoK8sApiNetworkingV1NetworkPolicyPeer => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});

/** The defaults: an example lender whose provider and release origin run in their own namespaces. */
export function clusterInput(
  releases: VerifiedReleases,
  overrides: Partial<Omit<ClusterInput, 'releases' | 'signedReleases' | 'releasesPublicKey'>> = {},
): ClusterInput {
  return {
    namespace: 'lender',
    image: 'registry.lender.ge/lender-web/page-server:latest',
    minReplicas: 2,
    maxReplicas: 10,
    publicHost: 'www.lender.ge',
    tlsSecretName: 'www-lender-ge-tls',
    ingressClassName: 'nginx',
    ingressControllerNamespace: 'ingress-nginx',
    trustedProxies: ['10.0.0.0/8'],
    provider: {
      origin: 'http://provider.provider.svc.cluster.local:8000',
      peers: [inNamespace('provider')],
    },
    // A CDN in front of the release store: browsers load the same manifests the servers do.
    // Its addresses (a documentation range here) are the lender's CDN's.
    releaseOrigin: {
      origin: 'https://releases.lender.ge',
      peers: [{ ipBlock: { cidr: '203.0.113.0/24' } }],
    },
    prometheus: { namespace: 'monitoring', podLabels: { 'app.kubernetes.io/name': 'prometheus' } },
    secretName: 'page-server-secrets',
    ...overrides,
    releases: releasesDocumentSchema.parse(releases.document),
    signedReleases: releases.text,
    releasesPublicKey: releases.publicKey,
  };
}

/** The port a connection to an origin goes to: its own, else its scheme's. */
export function portOfOrigin(upstream: Upstream): number {
  if (upstream.port) return upstream.port;
  const url = new URL(upstream.origin);
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
