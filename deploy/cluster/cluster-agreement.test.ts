import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import { RENDER_SERVICE_DRAIN_MS } from 'page-server/render/render-service';
import {
  RENDER_SERVICE_DEFAULT_PORT,
  renderServiceAddresses,
} from 'page-server/render/render-service-address';
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from 'page-server/telemetry/metrics-server';
import { createPageMetrics } from 'page-server/telemetry/page-metrics';
import { DRAIN_MS, STOP_GRACE_MS } from 'page-server/telemetry/stop-timing';
import { HOST_APP, portOf } from 'release-contract/apps';
import { APPS_VARIABLES } from 'release-contract/apps-variables';
import { PAGE_SERVER_VARIABLES, RENDER_SERVICE_VARIABLES } from 'release-contract/config-variables';
import { REMOTE_NAMES } from 'release-contract/remotes';
import { releasesPublicKey, verifyReleasesDocument } from 'release-contract/signed-releases';
import { parse } from 'yaml';
import { METRIC } from '../observability/release-queries';
import { MANIFESTS_DIR } from './cluster-manifests';
import { IMAGE_RENDER_SERVICE } from './image-layout';
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

/*
 * Each slice's render service (issue 56): its pods, found in the checked-in manifests by what
 * they run, against the render service's own variables and the page server's reading of
 * RENDER_SERVICE_REMOTE_*.
 */

/** Every object the manifests apply, as read back. */
const everything = readdirSync(MANIFESTS_DIR)
  .filter((file) => file.endsWith('.yaml') && file !== 'prometheus-scrape.yaml')
  .map((file) => read<{ kind: string; metadata?: { name?: string } }>(file));
const ofKind = <T>(kind: string) => everything.filter((object) => object.kind === kind) as T[];
const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const policies = ofKind<INetworkPolicy>('NetworkPolicy');
const autoscaler = ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler')[0];

const firstContainer = (of: IDeployment) => of.spec?.template.spec?.containers[0] as IContainer;
const literalEnv = (of: IContainer) =>
  Object.fromEntries(
    (of.env ?? []).flatMap((entry) =>
      entry.value === undefined ? [] : [[entry.name, entry.value]],
    ),
  ) as Record<string, string>;
/** Whether a selector's labels take in a pod's (matchLabels: each one the pod's own). */
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  selector !== undefined &&
  Object.entries(selector).every(([name, value]) => labels[name] === value);
const podLabels = (of: IDeployment) =>
  (of.spec?.template.metadata?.labels ?? {}) as Record<string, string>;
/** MiB in a Kubernetes memory quantity (`1408Mi`, `2Gi`, bytes). */
const mebibytes = (quantity: string | number | undefined): number => {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(String(quantity ?? ''));
  if (!match) throw new Error(`not a memory quantity: ${quantity}`);
  const factor = {
    Ki: 1 / 1024,
    Mi: 1,
    Gi: 1024,
    K: 1e3 / 2 ** 20,
    M: 1e6 / 2 ** 20,
    G: 1e9 / 2 ** 20,
  };
  return Number(match[1]) * (match[2] ? factor[match[2] as keyof typeof factor] : 1 / 2 ** 20);
};

/** Each slice's render Deployment: the one whose container runs the render service for it. */
const renderDeployments = deployments.filter((candidate) =>
  firstContainer(candidate).command?.includes(IMAGE_RENDER_SERVICE),
);
const renderOf = (slice: string) => {
  const found = renderDeployments.filter(
    (candidate) => literalEnv(firstContainer(candidate)).RENDER_SERVICE_SLICE === slice,
  );
  if (found.length !== 1) throw new Error(`${found.length} render Deployments for ${slice}`);
  const of = found[0] as IDeployment;
  const container = firstContainer(of);
  const env = literalEnv(container);
  // The port the service listens on, as it reads it.
  const port = Number(env.RENDER_SERVICE_PORT ?? RENDER_SERVICE_DEFAULT_PORT);
  const labels = podLabels(of);
  const renderService = services.find((candidate) => selects(candidate.spec?.selector, labels));
  return { of, container, env, port, labels, renderService };
};
/** The container port a Service port's target names. */
const targetOf = (container: IContainer, target: string | number | undefined) =>
  typeof target === 'number'
    ? target
    : container.ports?.find((entry) => entry.name === target)?.containerPort;

describe("the manifests agree with each slice's render service", () => {
  it('run one render service for each slice, and none for another', () => {
    expect(
      renderDeployments.map((of) => literalEnv(firstContainer(of)).RENDER_SERVICE_SLICE).sort(),
    ).toEqual([...REMOTE_NAMES].sort());
  });

  it.each(REMOTE_NAMES)('%s: set only variables the render service reads, no secret', (slice) => {
    const { container, env } = renderOf(slice);
    const known = new Set([
      ...RENDER_SERVICE_VARIABLES.flatMap((variable) => variable.names),
      ...PAGE_SERVER_VARIABLES.flatMap((variable) => variable.names).filter((name) =>
        name.startsWith('RENDER_WORKER_'),
      ),
      'LISTEN_HOST',
      'NODE_ENV',
    ]);
    const names = (container.env ?? []).map((entry) => entry.name);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    // Literal values only: a slice's pods are handed no Secret, no ConfigMap.
    expect((container.env ?? []).filter((entry) => entry.valueFrom)).toEqual([]);
    expect(container.envFrom).toBeUndefined();
    expect(env).toMatchObject({ NODE_ENV: 'production', LISTEN_HOST: '0.0.0.0' });
  });

  it.each(REMOTE_NAMES)(
    '%s: listen where its Service and probes send, on the port it reads',
    (slice) => {
      const { container, port, renderService } = renderOf(slice);
      expect(renderService).toBeDefined();
      expect(renderService?.spec?.ports).toHaveLength(1);
      expect(targetOf(container, renderService?.spec?.ports?.[0]?.targetPort)).toBe(port);
      expect(targetOf(container, container.readinessProbe?.tcpSocket?.port)).toBe(port);
      expect(targetOf(container, container.livenessProbe?.tcpSocket?.port)).toBe(port);
    },
  );

  it.each(REMOTE_NAMES)(
    '%s: run the image the page server runs, its render service with the same node flags and user',
    (slice) => {
      const { of, container } = renderOf(slice);
      const [node, ...rest] = container.command ?? [];
      expect(node).toBe(firstContainer(deployment).command?.[0]);
      expect(rest).toEqual([...PAGE_SERVER_NODE_FLAGS, IMAGE_RENDER_SERVICE]);
      expect(container.image).toBeTruthy();
      expect(container.image).toBe(firstContainer(deployment).image);
      expect(container.workingDir).toBe(firstContainer(deployment).workingDir);
      expect(of.spec?.template.spec?.securityContext).toEqual(pod?.securityContext);
      expect(of.spec?.template.spec?.automountServiceAccountToken).toBe(false);
      expect(container.securityContext).toBeDefined();
      expect(container.securityContext).toEqual(firstContainer(deployment).securityContext);
      expect(container.volumeMounts?.map((mount) => mount.mountPath)).toEqual(['/tmp']);
    },
  );

  it("are the page server's RENDER_SERVICE_REMOTE_*: each slice's Service and port, as the page server reads them", () => {
    const addresses = renderServiceAddresses(env);
    expect([...addresses.keys()].sort()).toEqual([...REMOTE_NAMES].sort());
    for (const slice of REMOTE_NAMES) {
      const { container, port, renderService } = renderOf(slice);
      const { name, namespace } = renderService?.metadata ?? {};
      const asked = renderService?.spec?.ports?.find(
        (entry) => entry.port === addresses.get(slice)?.port,
      );
      expect(addresses.get(slice)?.host, slice).toBe(`${name}.${namespace}.svc.cluster.local`);
      expect(targetOf(container, asked?.targetPort), slice).toBe(port);
    }
  });

  it("keep each slice apart: no selector of the page server's or another slice's takes in its pods", () => {
    const selectors = [
      ...deployments.map((of) => [of.metadata?.name, of.spec?.selector.matchLabels] as const),
      ...services.map((of) => [of.metadata?.name, of.spec?.selector] as const),
      ...policies.map((of) => [of.metadata?.name, of.spec?.podSelector?.matchLabels] as const),
      ...ofKind<{
        metadata: { name: string };
        spec: { selector: { matchLabels: Record<string, string> } };
      }>('PodDisruptionBudget').map(
        (of) => [of.metadata.name, of.spec.selector.matchLabels] as const,
      ),
    ];
    expect(selectors.length).toBeGreaterThan(4 * REMOTE_NAMES.length);
    for (const [name, selector] of selectors) {
      const taken = deployments.filter((of) =>
        selects(selector as Record<string, string>, podLabels(of)),
      );
      expect(
        taken.map((of) => of.metadata?.name),
        name,
      ).toEqual([name]);
    }
  });

  it.each(REMOTE_NAMES)(
    '%s: its network policy lets nothing out and only the page servers in, on the render port',
    (slice) => {
      const { labels, port } = renderOf(slice);
      const governing = policies.filter((of) => selects(of.spec?.podSelector?.matchLabels, labels));
      // Policies add up: one that selected the pods too would widen what theirs allows.
      expect(governing).toHaveLength(1);
      const spec = governing[0]?.spec;
      expect(spec?.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
      expect(spec?.egress ?? []).toEqual([]);
      expect(spec?.ingress).toHaveLength(1);
      const [rule] = spec?.ingress ?? [];
      expect(rule?.ports).toEqual([{ protocol: 'TCP', port }]);
      expect(rule?.from?.length).toBeGreaterThan(0);
      for (const peer of rule?.from ?? []) {
        // Pods of the policy's own namespace (no namespaceSelector, no address block), and those
        // the page server's: none of a render service's.
        expect(Object.keys(peer)).toEqual(['podSelector']);
        const from = peer.podSelector?.matchLabels;
        expect(deployments.filter((of) => selects(from, podLabels(of)))).toEqual([deployment]);
      }
    },
  );

  it("let the page servers reach each slice's render pods on their port", () => {
    for (const slice of REMOTE_NAMES) {
      const { labels, port } = renderOf(slice);
      const admitted = (policy.spec?.egress ?? []).some(
        (rule) =>
          rule.to?.some(
            (peer) =>
              peer.namespaceSelector === undefined &&
              selects(peer.podSelector?.matchLabels, labels),
          ) && rule.ports?.some((entry) => entry.port === port && entry.protocol === 'TCP'),
      );
      expect(admitted, slice).toBe(true);
    }
  });

  it('give each pod the memory its workers are capped at, and the server its own beside them', () => {
    // What a process needs besides its workers, at the least: a bare Node serving a port is
    // ~45 MB resident; the page server holds pages, sessions and releases besides.
    const RENDER_SERVICE_OWN_MB = 128;
    const PAGE_SERVER_OWN_MB = 256;
    for (const slice of REMOTE_NAMES) {
      const { container, env } = renderOf(slice);
      const workers = Number(env.RENDER_SERVICE_WORKERS);
      const cap = Number(env.RENDER_WORKER_MEMORY_MB);
      expect(workers, slice).toBeGreaterThan(0);
      expect(cap, slice).toBeGreaterThan(0);
      expect(mebibytes(container.resources?.limits?.memory), slice).toBeGreaterThanOrEqual(
        workers * cap + RENDER_SERVICE_OWN_MB,
      );
    }
    const hostWorkers = Number(env.PAGE_SERVER_RENDER_WORKERS);
    const hostCap = Number(env.RENDER_WORKER_MEMORY_MB);
    expect(hostWorkers).toBeGreaterThan(0);
    expect(mebibytes(container.resources?.limits?.memory)).toBeGreaterThanOrEqual(
      hostWorkers * hostCap + PAGE_SERVER_OWN_MB,
    );
  });

  it('stop a render pod only once the page servers have moved their workers off it', () => {
    for (const slice of REMOTE_NAMES) {
      const { of, container } = renderOf(slice);
      const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
      // Out of the endpoints before SIGTERM: no new connection reaches a draining service.
      expect(preStop * 1000, slice).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(
        (of.spec?.template.spec?.terminationGracePeriodSeconds ?? 30) * 1000,
        slice,
      ).toBeGreaterThan(preStop * 1000 + RENDER_SERVICE_DRAIN_MS);
    }
  });

  it("have a worker for each connection the page servers open, the autoscaler's most and a rollout's extra pod", () => {
    const surge = Number(deployment.spec?.strategy?.rollingUpdate?.maxSurge ?? 0);
    const pageServers = (autoscaler?.spec?.maxReplicas ?? Number.POSITIVE_INFINITY) + surge;
    // Each page server holds PAGE_SERVER_RENDER_WORKERS connections to each slice's service,
    // and one more while a suspected slot of that slice is tried alone.
    const connections = pageServers * (Number(env.PAGE_SERVER_RENDER_WORKERS) + 1);
    for (const slice of REMOTE_NAMES) {
      const { of, env: rendering } = renderOf(slice);
      const workers = (of.spec?.replicas ?? 0) * Number(rendering.RENDER_SERVICE_WORKERS);
      expect(workers, slice).toBeGreaterThanOrEqual(connections);
    }
  });
});
