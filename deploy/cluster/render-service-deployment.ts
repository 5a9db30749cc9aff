import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIoK8sApiCoreV1EnvVar } from 'kubernetes-models/v1/EnvVar';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import { RENDER_SERVICE_DRAIN_MS } from 'page-server/render/render-service';
import { DRAIN_MS } from 'page-server/telemetry/stop-timing';
import type { RemoteName } from 'release-contract/remotes';
import type { ClusterInput } from './cluster-input';
import { IMAGE_APP, IMAGE_NODE, IMAGE_RENDER_SERVICE, IMAGE_TMP } from './image-layout';
import { PAGE_SERVER_MAX_SURGE, PAGE_SERVER_SIZING } from './page-server-deployment';
import {
  RENDER_PORT,
  RENDER_PORT_NAME,
  renderServiceLabels,
  renderServiceName,
} from './render-service';
import { UNPRIVILEGED_CONTAINER, unprivilegedPod } from './unprivileged-pod';

/**
 * A render pod's size (MB as the workers' cap counts them: MiB). Three workers, each stopped
 * past 384 MB resident (their V8 heap is 256 MB: 128 MB beside it for Buffers and code), and
 * 256 MB for the service itself (Node, its connections, ~100 MB) and for workers overshooting
 * their cap between two watchdog rounds (100 ms apart). The limit, 3 × 384 + 256 = 1408 MB,
 * is then reached only when the service itself goes wrong: a slice's worker is stopped by its
 * cap, not the pod by the kernel (the agreement test checks the sum).
 */
export const RENDER_SIZING = { workers: 3, workerMemoryMb: 384, ownMb: 256 } as const;

/** The memory limit the sizing gives, as Kubernetes writes it. */
export const renderMemoryLimit = (): string =>
  `${RENDER_SIZING.workers * RENDER_SIZING.workerMemoryMb + RENDER_SIZING.ownMb}Mi`;

/**
 * A slice's pods: enough workers for every page server the autoscaler may run, one surging in
 * a rollout among them. Each page server holds PAGE_SERVER_RENDER_WORKERS connections to each
 * slice's service, each one a worker, and one more while a suspected slot of the slice is tried
 * alone (slot-trials); a service closes a connection past RENDER_SERVICE_WORKERS unanswered. So
 * 11 page servers × 2 = 22 connections at most: 8 pods × 3 workers. Never fewer than the page
 * server's fewest, so a machine can go.
 */
export const renderReplicas = (input: ClusterInput): number =>
  Math.max(
    input.minReplicas,
    Math.ceil(
      ((input.maxReplicas + PAGE_SERVER_MAX_SURGE) * (PAGE_SERVER_SIZING.renderWorkers + 1)) /
        RENDER_SIZING.workers,
    ),
  );

const value = (name: string, text: string): IIoK8sApiCoreV1EnvVar => ({ name, value: text });

/**
 * How a render pod stops: the pre-stop sleep lets the endpoints' removal reach kube-proxy, so no
 * new connection comes; then SIGTERM has the service ask each page server to retire its worker
 * there (each finishes its page and starts one on another pod) for up to RENDER_SERVICE_DRAIN_MS.
 * The grace period covers both, so the kubelet never kills a page under way.
 */
export const RENDER_STOPPING = {
  preStopSeconds: Math.ceil(DRAIN_MS / 1000),
  terminationGracePeriodSeconds:
    Math.ceil(DRAIN_MS / 1000) + Math.ceil(RENDER_SERVICE_DRAIN_MS / 1000) + 1,
} as const;

/** A render service's environment in a pod: every name one it reads (agreement test). */
function environment(slice: RemoteName): IIoK8sApiCoreV1EnvVar[] {
  return [
    value('NODE_ENV', 'production'),
    value('RENDER_SERVICE_SLICE', slice),
    value('RENDER_SERVICE_PORT', String(RENDER_PORT)),
    // The page servers' connections come from other pods (the network policy admits only theirs).
    value('LISTEN_HOST', '0.0.0.0'),
    value('RENDER_SERVICE_WORKERS', String(RENDER_SIZING.workers)),
    value('RENDER_WORKER_MEMORY_MB', String(RENDER_SIZING.workerMemoryMb)),
    // Non-root with no capability, the workers run as the pod's user: the pod is the boundary.
    value('RENDER_WORKER_USER', '-'),
  ];
}

/**
 * A slice's render service, as unprivileged as the page server: no secret, no service account
 * token, no Service links (its code learns no other address from its environment).
 */
export function renderServiceDeployment(slice: RemoteName, input: ClusterInput): Deployment {
  const labels = renderServiceLabels(slice);
  // A connection that sends nothing starts no worker: the port answering is the service alive.
  const probe = (periodSeconds: number, failureThreshold: number) => ({
    tcpSocket: { port: RENDER_PORT_NAME },
    periodSeconds,
    failureThreshold,
    timeoutSeconds: 2,
  });
  return new Deployment({
    metadata: { name: renderServiceName(slice), namespace: input.namespace, labels: { ...labels } },
    spec: {
      replicas: renderReplicas(input),
      selector: { matchLabels: { ...labels } },
      // A new pod listens before an old one goes: never fewer workers than sized.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: { ...labels } },
        spec: {
          ...unprivilegedPod({ ...labels }),
          terminationGracePeriodSeconds: RENDER_STOPPING.terminationGracePeriodSeconds,
          containers: [
            {
              name: renderServiceName(slice),
              image: input.image,
              // The page server's image, another entry point, the same node flags.
              command: [IMAGE_NODE, ...PAGE_SERVER_NODE_FLAGS, IMAGE_RENDER_SERVICE],
              workingDir: `${IMAGE_APP}/page-server`,
              ports: [{ name: RENDER_PORT_NAME, containerPort: RENDER_PORT, protocol: 'TCP' }],
              env: environment(slice),
              readinessProbe: probe(5, 2),
              livenessProbe: { ...probe(10, 3), initialDelaySeconds: 10 },
              lifecycle: { preStop: { sleep: { seconds: RENDER_STOPPING.preStopSeconds } } },
              // RENDER_SIZING: the limit is the slice's alone, so its workers' memory cannot
              // starve another slice's or the page server's. CPU likewise: half a core a worker.
              resources: {
                requests: { cpu: '250m', memory: '512Mi' },
                limits: { cpu: '1500m', memory: renderMemoryLimit() },
              },
              securityContext: UNPRIVILEGED_CONTAINER,
              volumeMounts: [{ name: 'tmp', mountPath: IMAGE_TMP }],
            },
          ],
          volumes: [
            // The workers' staged script and bundle (worker-user): nothing else is written.
            { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
          ],
        },
      },
    },
  });
}
