import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { RemoteName } from 'release-contract/remotes';
import {
  APP_LABELS,
  APP_NAME,
  type ClusterInput,
  METRICS_PORT,
  PAGE_PORT,
  portOfOrigin,
} from './cluster-input';
import {
  RENDER_PORT,
  RENDER_SLICES,
  renderServiceLabels,
  renderServiceName,
} from './render-service';

const tcp = (port: number) => ({ protocol: 'TCP' as const, port });

/**
 * Who may talk to a page server, and whom it may call. Pages come only from the ingress
 * controller; the metrics port (release names, rates) only from Prometheus; the kubelet's probes
 * come from the node, which a policy does not govern. A page server calls only the provider, the
 * release origin (manifests and server code, pinned by hash), each slice's render service and
 * the cluster's DNS: code that tried to reach anywhere else would find no route.
 */
export function pageServerNetworkPolicy(input: ClusterInput): NetworkPolicy {
  return new NetworkPolicy({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      podSelector: { matchLabels: { ...APP_LABELS } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [
            {
              namespaceSelector: {
                matchLabels: { 'kubernetes.io/metadata.name': input.ingressControllerNamespace },
              },
            },
          ],
          ports: [tcp(PAGE_PORT)],
        },
        {
          from: [
            {
              namespaceSelector: {
                matchLabels: { 'kubernetes.io/metadata.name': input.prometheus.namespace },
              },
              podSelector: { matchLabels: { ...input.prometheus.podLabels } },
            },
          ],
          ports: [tcp(METRICS_PORT)],
        },
      ],
      egress: [
        { to: input.provider.peers, ports: [tcp(portOfOrigin(input.provider))] },
        { to: input.releaseOrigin.peers, ports: [tcp(portOfOrigin(input.releaseOrigin))] },
        // The render pods themselves: a Service's address is translated to a pod's before the
        // policy sees the connection.
        {
          to: RENDER_SLICES.map((slice) => ({
            podSelector: { matchLabels: { ...renderServiceLabels(slice) } },
          })),
          ports: [tcp(RENDER_PORT)],
        },
        {
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
              podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    },
  });
}

/**
 * A slice's render pods: asked only by the page servers, on the render port; they reach
 * nothing, DNS included (the page server fetches what rendering needs and hands it over). Their
 * code cannot reach the page server, another slice's pods, the provider or the internet.
 */
export function renderServiceNetworkPolicy(slice: RemoteName, input: ClusterInput): NetworkPolicy {
  const labels = renderServiceLabels(slice);
  return new NetworkPolicy({
    metadata: { name: renderServiceName(slice), namespace: input.namespace, labels: { ...labels } },
    spec: {
      podSelector: { matchLabels: { ...labels } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        { from: [{ podSelector: { matchLabels: { ...APP_LABELS } } }], ports: [tcp(RENDER_PORT)] },
      ],
      // Egress named and empty: nothing out, not even DNS.
      egress: [],
    },
  });
}
