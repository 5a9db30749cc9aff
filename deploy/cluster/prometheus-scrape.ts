import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { METRICS_PATH } from 'page-server/telemetry/metrics-server';
import { APP_LABELS, APP_NAME, type ClusterInput } from './cluster-input';
import { PORT_NAMES } from './page-server-deployment';

/*
 * How a cluster's Prometheus finds the page servers: a ServiceMonitor for the Prometheus
 * operator, or the same as a plain scrape configuration (kubernetes_sd, pods) for a Prometheus
 * without it. Either keeps only the page servers' own series (`lender_…`).
 */

/** The series kept from a page server: its own, every one page-metrics exports (agreement test). */
export const KEPT_METRICS = 'lender_.+';
export const SCRAPE_INTERVAL = '15s';
export const SCRAPE_JOB = `${APP_NAME}s`;

export function pageServerServiceMonitor(input: ClusterInput): ServiceMonitor {
  return new ServiceMonitor({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      jobLabel: 'app.kubernetes.io/name',
      selector: { matchLabels: { ...APP_LABELS } },
      namespaceSelector: { matchNames: [input.namespace] },
      endpoints: [
        {
          port: PORT_NAMES.metrics,
          path: METRICS_PATH,
          interval: SCRAPE_INTERVAL,
          metricRelabelings: [{ sourceLabels: ['__name__'], regex: KEPT_METRICS, action: 'keep' }],
        },
      ],
    },
  });
}

/** A relabelling rule as Prometheus's configuration file writes it. */
export interface RelabelRule {
  source_labels?: string[];
  regex?: string;
  action?: 'keep' | 'drop' | 'replace';
  target_label?: string;
}

export interface ScrapeConfig {
  job_name: string;
  metrics_path: string;
  scrape_interval: string;
  kubernetes_sd_configs: { role: 'pod'; namespaces: { names: string[] } }[];
  relabel_configs: RelabelRule[];
  metric_relabel_configs: RelabelRule[];
}

/** A Kubernetes label as kubernetes_sd names it: `app.kubernetes.io/name` → `…_app_kubernetes_io_name`. */
const podLabel = (label: string) =>
  `__meta_kubernetes_pod_label_${label.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** The same, for prometheus.yml's `scrape_configs`: each page server's pod, on its metrics port. */
export function pageServerScrapeConfig(input: ClusterInput): { scrape_configs: ScrapeConfig[] } {
  return {
    scrape_configs: [
      {
        job_name: SCRAPE_JOB,
        metrics_path: METRICS_PATH,
        scrape_interval: SCRAPE_INTERVAL,
        kubernetes_sd_configs: [{ role: 'pod', namespaces: { names: [input.namespace] } }],
        relabel_configs: [
          ...Object.entries(APP_LABELS).map(([label, value]) => ({
            source_labels: [podLabel(label)],
            regex: value,
            action: 'keep' as const,
          })),
          // A pod is one target per declared port: keep the metrics port's.
          {
            source_labels: ['__meta_kubernetes_pod_container_port_name'],
            regex: PORT_NAMES.metrics,
            action: 'keep',
          },
          { source_labels: ['__meta_kubernetes_pod_name'], target_label: 'pod' },
          { source_labels: ['__meta_kubernetes_pod_node_name'], target_label: 'node' },
        ],
        metric_relabel_configs: [
          { source_labels: ['__name__'], regex: KEPT_METRICS, action: 'keep' },
        ],
      },
    ],
  };
}
