import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIoK8sApiCoreV1EnvVar } from 'kubernetes-models/v1/EnvVar';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import { HEALTH_PATH, READY_PATH } from 'page-server/telemetry/metrics-server';
import { DRAIN_MS, STOP_GRACE_MS } from 'page-server/telemetry/stop-timing';
import { HOST_APP } from 'release-contract/apps';
import {
  APP_LABELS,
  APP_NAME,
  type ClusterInput,
  METRICS_PORT,
  PAGE_PORT,
  RELEASES_CONFIG_MAP,
  RELEASES_FILE,
  RELEASES_MOUNT,
} from './cluster-input';
import { IMAGE_APP, IMAGE_NODE, IMAGE_SERVER, IMAGE_TMP } from './image-layout';
import { RENDER_SLICES, renderServiceAddress, renderServiceVariable } from './render-service';
import { UNPRIVILEGED_CONTAINER, unprivilegedPod } from './unprivileged-pod';

/** The container's ports by name: the Service, the probes and Prometheus name them so. */
export const PORT_NAMES = { page: 'http', metrics: 'metrics' } as const;

/**
 * A page server's size (MB as the workers' cap counts them: MiB). Its render workers are the
 * host's alone (PAGE_SERVER_RENDER_WORKERS, one), each slice's being its render service's: one
 * worker stopped past 512 MB resident, and 512 MB for the server itself (pages, sessions, the
 * releases it holds, what it fetches for the workers). The limit, 1 × 512 + 512 = 1024 MB, was 1536 MB
 * with a worker per slice beside it (the agreement test checks the sum).
 */
export const PAGE_SERVER_SIZING = { renderWorkers: 1, workerMemoryMb: 512, ownMb: 512 } as const;
/** The memory limit the sizing gives, as Kubernetes writes it. */
export const pageServerMemoryLimit = (): string =>
  `${PAGE_SERVER_SIZING.renderWorkers * PAGE_SERVER_SIZING.workerMemoryMb + PAGE_SERVER_SIZING.ownMb}Mi`;
/** Page servers a rollout adds above the count before it removes one. */
export const PAGE_SERVER_MAX_SURGE = 1;

/** Seconds, rounded up: a pod's times are whole seconds. */
const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * How a pod stops: the pre-stop sleep holds the signal while the endpoints' removal reaches
 * kube-proxy and the ingress controller (they learn of it asynchronously), as long as the
 * server's own drain; then SIGTERM starts the server's drain (readiness fails, pages still
 * taken) and its bounded close. The grace period covers all three, so the kubelet never kills a
 * page under way.
 */
export const STOPPING = {
  preStopSeconds: seconds(DRAIN_MS),
  terminationGracePeriodSeconds: seconds(DRAIN_MS) + seconds(DRAIN_MS) + seconds(STOP_GRACE_MS) + 1,
} as const;

const value = (name: string, text: string): IIoK8sApiCoreV1EnvVar => ({ name, value: text });
const secret = (
  name: string,
  key: string,
  input: ClusterInput,
  optional = false,
): IIoK8sApiCoreV1EnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: input.secretName, key, ...(optional ? { optional } : {}) } },
});

/** The page server's environment in a pod: every name one it reads (agreement test). */
function environment(input: ClusterInput): IIoK8sApiCoreV1EnvVar[] {
  return [
    value('NODE_ENV', 'production'),
    value(HOST_APP.portEnv, String(PAGE_PORT)),
    // A pod's address is its own: the page port for the Service, the metrics port for
    // Prometheus and the kubelet (the network policy admits only those).
    value('LISTEN_HOST', '0.0.0.0'),
    value('METRICS_PORT', String(METRICS_PORT)),
    value('METRICS_HOST', '0.0.0.0'),
    value('RELEASES_SOURCE', `${RELEASES_MOUNT}/${RELEASES_FILE}`),
    // Public: what the rollout's signature on the document is checked with (decision 040).
    value('RELEASES_PUBLIC_KEY', input.releasesPublicKey),
    value('API_BASE_URL', input.provider.origin),
    value('HOST_ORIGINS', `https://${input.publicHost}`),
    value('TRUSTED_PROXIES', input.trustedProxies.join(',')),
    // Non-root with every capability dropped, the page server cannot start its render workers
    // as another user (worker-user): it says so and runs them as itself, their --permission
    // flags unchanged. "-" says it is meant; the pod is the boundary around both.
    value('RENDER_WORKER_USER', '-'),
    // PAGE_SERVER_SIZING, said where the pod's limit and the render services' count rest on it.
    value('PAGE_SERVER_RENDER_WORKERS', String(PAGE_SERVER_SIZING.renderWorkers)),
    value('RENDER_WORKER_MEMORY_MB', String(PAGE_SERVER_SIZING.workerMemoryMb)),
    // Each slice's slots are rendered by its render service, in pods of its own (issue 56): the
    // page server starts no worker for a slice, so no slice's code runs in its pods.
    ...RENDER_SLICES.map((slice) =>
      value(renderServiceVariable(slice), renderServiceAddress(slice, input)),
    ),
    secret('SESSION_SECRET', 'session-secret', input),
    secret('SESSION_SECRET_PREVIOUS', 'session-secret-previous', input, true),
    secret('PROXY_SECRET', 'proxy-secret', input, true),
  ];
}

export function pageServerDeployment(input: ClusterInput): Deployment {
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: PORT_NAMES.metrics },
    periodSeconds,
    failureThreshold,
    timeoutSeconds: 2,
  });
  return new Deployment({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      // The autoscaler owns the count from here; this is the first rollout's.
      replicas: input.minReplicas,
      selector: { matchLabels: { ...APP_LABELS } },
      // A new pod serves before an old one goes: never fewer page servers than asked.
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: 0, maxSurge: PAGE_SERVER_MAX_SURGE },
      },
      template: {
        metadata: { labels: { ...APP_LABELS } },
        spec: {
          ...unprivilegedPod({ ...APP_LABELS }),
          terminationGracePeriodSeconds: STOPPING.terminationGracePeriodSeconds,
          containers: [
            {
              name: APP_NAME,
              image: input.image,
              command: [IMAGE_NODE, ...PAGE_SERVER_NODE_FLAGS, IMAGE_SERVER],
              workingDir: `${IMAGE_APP}/page-server`,
              ports: [
                { name: PORT_NAMES.page, containerPort: PAGE_PORT, protocol: 'TCP' },
                { name: PORT_NAMES.metrics, containerPort: METRICS_PORT, protocol: 'TCP' },
              ],
              env: environment(input),
              // Ready once the renderer has started, until the drain; alive while it answers.
              readinessProbe: probe(READY_PATH, 2, 1),
              livenessProbe: { ...probe(HEALTH_PATH, 10, 3), initialDelaySeconds: 10 },
              lifecycle: { preStop: { sleep: { seconds: STOPPING.preStopSeconds } } },
              // PAGE_SERVER_SIZING; half the CPU it had, the slices' rendering being elsewhere (the
              // autoscaler's 70% is of the request, so it still follows the pages' cost).
              resources: {
                requests: { cpu: '250m', memory: '512Mi' },
                limits: { cpu: '1', memory: pageServerMemoryLimit() },
              },
              securityContext: UNPRIVILEGED_CONTAINER,
              volumeMounts: [
                // The whole folder, not a subPath: a ConfigMap's update reaches only a folder.
                { name: 'releases', mountPath: RELEASES_MOUNT, readOnly: true },
                { name: 'tmp', mountPath: IMAGE_TMP },
              ],
            },
          ],
          volumes: [
            { name: 'releases', configMap: { name: RELEASES_CONFIG_MAP } },
            // The render workers' staged script and bundle (worker-user): nothing else is written.
            { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
          ],
        },
      },
    },
  });
}
