import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import {
  APP_LABELS,
  APP_NAME,
  type ClusterInput,
  METRICS_PORT,
  PAGE_PORT,
  portOfOrigin,
} from './cluster-input';

/**
 * Who may talk to a page server, and whom it may call. Pages come only from the ingress
 * controller; the metrics port (release names, rates) only from Prometheus; the kubelet's probes
 * come from the node, which a policy does not govern. A page server calls only the provider, the
 * release origin (manifests and server code, pinned by hash) and the cluster's DNS: a slice's
 * code that tried to reach anywhere else would find no route.
 */
export function pageServerNetworkPolicy(input: ClusterInput): NetworkPolicy {
  const tcp = (port: number) => ({ protocol: 'TCP' as const, port });
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
