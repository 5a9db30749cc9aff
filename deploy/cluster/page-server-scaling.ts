import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { APP_LABELS, APP_NAME, type ClusterInput } from './cluster-input';

/** More page servers as their CPU fills: a page's server render is what costs. */
export function pageServerAutoscaler(input: ClusterInput): HorizontalPodAutoscaler {
  return new HorizontalPodAutoscaler({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: APP_NAME },
      minReplicas: input.minReplicas,
      maxReplicas: input.maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      // Down slowly: a burst of pages comes back sooner than a pod starts its renderer.
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  });
}

/** A machine drained for maintenance never takes the last page server with it. */
export function pageServerDisruptionBudget(input: ClusterInput): PodDisruptionBudget {
  return new PodDisruptionBudget({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: { maxUnavailable: 1, selector: { matchLabels: { ...APP_LABELS } } },
  });
}
