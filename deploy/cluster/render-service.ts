import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { RENDER_SERVICE_DEFAULT_PORT } from 'page-server/render/render-service-address';
import { REMOTE_NAMES, type RemoteName } from 'release-contract/remotes';
import { APP_LABELS, type ClusterInput } from './cluster-input';

/*
 * Each slice's render service (issue 56, decision 041): its server code renders in pods of its
 * own, which the page server asks over the network. A slice's code then shares no process, no
 * memory limit and no network reach with the page server or another slice: it cannot stop or
 * slow their rendering, reach the page server, or reach the network.
 */

/** The port a render service listens on in its pod (RENDER_SERVICE_PORT); the Service's too. */
export const RENDER_PORT = RENDER_SERVICE_DEFAULT_PORT;
/** The container's port by name: the Service and the probes name it so. */
export const RENDER_PORT_NAME = 'render';

/** Every slice the cluster runs a render service for: each remote of the contract. */
export const RENDER_SLICES: readonly RemoteName[] = REMOTE_NAMES;

/** A slice's objects' name, DNS-1123: `remote_home` → `render-remote-home`. */
export const renderServiceName = (slice: RemoteName): string =>
  `render-${slice.replaceAll('_', '-')}`;

/**
 * A slice's pods' labels: their own name, so no selector of the page server's (its Service,
 * autoscaler, budget, network policy) or of another slice's takes them in.
 */
export const renderServiceLabels = (slice: RemoteName) =>
  ({
    'app.kubernetes.io/name': renderServiceName(slice),
    'app.kubernetes.io/component': 'render-service',
    'app.kubernetes.io/part-of': APP_LABELS['app.kubernetes.io/part-of'],
  }) as const;

/** The variable the page server finds a slice's render service by (render-service-address). */
export const renderServiceVariable = (slice: RemoteName): string =>
  `RENDER_SERVICE_${slice.toUpperCase()}`;

/** A slice's Service's address in the cluster, as the page server dials it: `host:port`. */
export const renderServiceAddress = (slice: RemoteName, input: ClusterInput): string =>
  `${renderServiceName(slice)}.${input.namespace}.svc.cluster.local:${RENDER_PORT}`;

/**
 * A slice's render pods behind one name. Each page server's connection is one render worker
 * for as long as it lasts, so the Service only spreads connections: no session affinity.
 */
export function renderServiceService(slice: RemoteName, input: ClusterInput): Service {
  const labels = renderServiceLabels(slice);
  return new Service({
    metadata: { name: renderServiceName(slice), namespace: input.namespace, labels: { ...labels } },
    spec: {
      type: 'ClusterIP',
      selector: { ...labels },
      ports: [
        {
          name: RENDER_PORT_NAME,
          port: RENDER_PORT,
          targetPort: RENDER_PORT_NAME,
          protocol: 'TCP',
        },
      ],
    },
  });
}

/** A machine drained for maintenance never takes a slice's last render pod with it. */
export function renderServiceDisruptionBudget(
  slice: RemoteName,
  input: ClusterInput,
): PodDisruptionBudget {
  const labels = renderServiceLabels(slice);
  return new PodDisruptionBudget({
    metadata: { name: renderServiceName(slice), namespace: input.namespace, labels: { ...labels } },
    spec: { maxUnavailable: 1, selector: { matchLabels: { ...labels } } },
  });
}
