import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { Service } from 'kubernetes-models/v1/Service';
import { APP_LABELS, APP_NAME, type ClusterInput, METRICS_PORT, PAGE_PORT } from './cluster-input';
import { PORT_NAMES } from './page-server-deployment';

/** The page servers behind one name: pages on the page port, Prometheus on the metrics port. */
export function pageServerService(input: ClusterInput): Service {
  return new Service({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      selector: { ...APP_LABELS },
      ports: [
        { name: PORT_NAMES.page, port: PAGE_PORT, targetPort: PORT_NAMES.page, protocol: 'TCP' },
        {
          name: PORT_NAMES.metrics,
          port: METRICS_PORT,
          targetPort: PORT_NAMES.metrics,
          protocol: 'TCP',
        },
      ],
    },
  });
}

/** The site's one public door: every path to the page port, the metrics port never. */
export function pageServerIngress(input: ClusterInput): Ingress {
  return new Ingress({
    metadata: { name: APP_NAME, namespace: input.namespace, labels: { ...APP_LABELS } },
    spec: {
      ingressClassName: input.ingressClassName,
      tls: [{ hosts: [input.publicHost], secretName: input.tlsSecretName }],
      rules: [
        {
          host: input.publicHost,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: APP_NAME, port: { name: PORT_NAMES.page } } },
              },
            ],
          },
        },
      ],
    },
  });
}
