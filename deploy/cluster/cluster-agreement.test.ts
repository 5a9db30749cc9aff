import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from 'page-server/telemetry/metrics-server';
import { createPageMetrics } from 'page-server/telemetry/page-metrics';
import { DRAIN_MS, STOP_GRACE_MS } from 'page-server/telemetry/stop-timing';
import { PAGE_SERVER_VARIABLES } from 'release-contract/config-variables';
import { releasesPublicKey, verifyReleasesDocument } from 'release-contract/signed-releases';
import { APPS_VARIABLES, HOST_APP, PAGE_SERVER_NODE_FLAGS, portOf } from 'tooling/apps';
import { parse } from 'yaml';
import { METRIC } from '../observability/release-queries';
import { MANIFESTS_DIR } from './cluster-manifests';
import type { ScrapeConfig } from './prometheus-scrape';

/*
 * The checked-in manifests (what a cluster applies) against the page server's own code: a port,
 * a probe path, a variable, a metric name, the stop timing or a node flag changed on one side
 * only fails here.
 */

const read = <T>(file: string): T =>
  parse(readFileSync(path.join(MANIFESTS_DIR, file), 'utf8')) as T;
const deployment = read<IDeployment>('deployment.yaml');
const service = read<IService>('service.yaml');
const ingress = read<IIngress>('ingress.yaml');
const policy = read<INetworkPolicy>('network-policy.yaml');
const monitor = read<IServiceMonitor>('service-monitor.yaml');
const configMap = read<IConfigMap>('releases-config-map.yaml');
const scrape = read<{ scrape_configs: ScrapeConfig[] }>('prometheus-scrape.yaml').scrape_configs;

const pod = deployment.spec?.template.spec;
const container = pod?.containers[0] as IContainer;
/** The literal environment the page server starts with, as it reads it. */
const env = Object.fromEntries(
  (container.env ?? []).flatMap((entry) =>
    entry.value === undefined ? [] : [[entry.name, entry.value]],
  ),
) as Record<string, string>;
const containerPort = (nameOrNumber: string | number | undefined): number | undefined =>
  typeof nameOrNumber === 'number'
    ? nameOrNumber
    : container.ports?.find((port) => port.name === nameOrNumber)?.containerPort;
const servicePort = (name: string | undefined) =>
  service.spec?.ports?.find((port) => port.name === name);

/** The ports the page server listens on, read from the manifest's environment by the code's rules. */
const pagePort = portOf(HOST_APP, env);
const metricsPort = Number(env.METRICS_PORT);

describe('the manifests agree with the page server', () => {
  it('start it on the ports it listens on, on every address of the pod', () => {
    expect(containerPort('http')).toBe(pagePort);
    expect(containerPort('metrics')).toBe(metricsPort);
    expect(env.LISTEN_HOST).toBe('0.0.0.0');
    expect(env.METRICS_HOST).toBe('0.0.0.0');
  });

  it('send pages and Prometheus to those ports: Service, Ingress, network policy, ServiceMonitor, scrape', () => {
    const backendPort = ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service?.port;
    expect(containerPort(servicePort(backendPort?.name)?.targetPort)).toBe(pagePort);
    expect(containerPort(servicePort(monitor.spec.endpoints?.[0]?.port)?.targetPort)).toBe(
      metricsPort,
    );
    expect(scrape[0]?.relabel_configs).toContainEqual({
      source_labels: ['__meta_kubernetes_pod_container_port_name'],
      regex: container.ports?.find((port) => port.containerPort === metricsPort)?.name,
      action: 'keep',
    });
    // Pages from the ingress controller to the page port; the metrics port from Prometheus alone.
    const [pages, metrics] = policy.spec?.ingress ?? [];
    expect(pages?.ports).toEqual([{ protocol: 'TCP', port: pagePort }]);
    expect(metrics?.ports).toEqual([{ protocol: 'TCP', port: metricsPort }]);
    expect(metrics?.from?.[0]?.podSelector).toBeDefined();
    // The public door never leads to the metrics port.
    expect(servicePort(backendPort?.name)?.port).not.toBe(metricsPort);
  });

  it('probe the paths it answers: readiness on READY_PATH, liveness on HEALTH_PATH, metrics on METRICS_PATH', () => {
    expect(container.readinessProbe?.httpGet?.path).toBe(READY_PATH);
    expect(container.livenessProbe?.httpGet?.path).toBe(HEALTH_PATH);
    expect(containerPort(container.readinessProbe?.httpGet?.port)).toBe(metricsPort);
    expect(containerPort(container.livenessProbe?.httpGet?.port)).toBe(metricsPort);
    expect(monitor.spec.endpoints?.[0]?.path).toBe(METRICS_PATH);
    expect(scrape[0]?.metrics_path).toBe(METRICS_PATH);
  });

  it('set only variables the page server reads, and its secrets only by reference', () => {
    const known = new Set(
      [...PAGE_SERVER_VARIABLES, ...APPS_VARIABLES].flatMap((variable) => variable.names),
    );
    const names = (container.env ?? []).map((entry) => entry.name);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    for (const entry of container.env ?? []) {
      if (/SECRET/.test(entry.name)) {
        expect(entry.value, entry.name).toBeUndefined();
        expect(entry.valueFrom?.secretKeyRef?.name, entry.name).toBeTruthy();
      }
    }
    // A variable Node itself reads would reach the render workers' flags: none is set.
    expect(names).not.toContain('NODE_OPTIONS');
  });

  it('mount the releases document where RELEASES_SOURCE names it, from the ConfigMap, signed with the key RELEASES_PUBLIC_KEY checks', async () => {
    const source = env.RELEASES_SOURCE ?? '';
    const mount = container.volumeMounts?.find((entry) => source.startsWith(`${entry.mountPath}/`));
    const volume = pod?.volumes?.find((entry) => entry.name === mount?.name);
    expect(mount?.subPath).toBeUndefined();
    expect(volume?.configMap?.name).toBe(configMap.metadata?.name);
    const file = path.basename(source);
    // As the page server in the pod will read it: in production, believed only when signed.
    const believed = await verifyReleasesDocument(
      configMap.data?.[file] ?? '',
      releasesPublicKey(env.RELEASES_PUBLIC_KEY ?? ''),
      env.NODE_ENV === 'production',
    );
    expect(believed.document.remotes.length).toBeGreaterThan(0);
  });

  it('keep every metric the page servers export, and every one the product queries', async () => {
    const exported = (await createPageMetrics().registry.getMetricsAsJSON()).map(
      (metric) => metric.name,
    );
    expect(exported.length).toBeGreaterThan(5);
    const keeps = [
      ...(scrape[0]?.metric_relabel_configs ?? []),
      ...(monitor.spec.endpoints?.[0]?.metricRelabelings ?? []).map((rule) => ({
        source_labels: rule.sourceLabels,
        regex: rule.regex,
        action: rule.action,
      })),
    ].filter((rule) => rule.action === 'keep' && rule.source_labels?.[0] === '__name__');
    expect(keeps).toHaveLength(2);
    for (const rule of keeps) {
      // Prometheus anchors a relabelling regex at both ends.
      const kept = new RegExp(`^(?:${rule.regex})$`);
      expect(exported.filter((name) => !kept.test(name))).toEqual([]);
      expect(Object.values(METRIC).filter((name) => !kept.test(name))).toEqual([]);
    }
  });

  it('stop as the server stops: the pre-stop sleep is its drain, the grace period covers drain and close', () => {
    const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStop * 1000).toBe(Math.ceil(DRAIN_MS / 1000) * 1000);
    expect((pod?.terminationGracePeriodSeconds ?? 0) * 1000).toBeGreaterThan(
      preStop * 1000 + DRAIN_MS + STOP_GRACE_MS,
    );
  });

  it('run Node with the flags the page server demands, and nothing else between them', () => {
    const [node, ...rest] = container.command ?? [];
    expect(node).toMatch(/\/node$/);
    expect(rest.slice(0, -1)).toEqual([...PAGE_SERVER_NODE_FLAGS]);
    expect(rest.at(-1)).toMatch(/\/page-server\/dist\/serve-page-server\.mjs$/);
  });

  it('run the image as its Containerfile says: the same command and the same non-root user', () => {
    const containerfile = readFileSync(path.join(MANIFESTS_DIR, '../Containerfile'), 'utf8');
    const entrypoint = JSON.parse(/^ENTRYPOINT (.+)$/m.exec(containerfile)?.[1] ?? '[]');
    expect(container.command).toEqual(entrypoint);
    expect(/^USER (\d+):(\d+)$/m.exec(containerfile)?.slice(1).map(Number)).toEqual([
      pod?.securityContext?.runAsUser,
      pod?.securityContext?.runAsGroup,
    ]);
    expect(/^FROM (.+)$/m.exec(containerfile)?.[1]).toBe('scratch');
  });
});
