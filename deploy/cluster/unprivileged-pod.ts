import { IMAGE_USER } from './image-layout';

/*
 * How every pod of ours runs the image (the page server's, each slice's render service's): as
 * the image's user, never root, with no capability, no token for the cluster's API, no Service
 * addresses in its environment, and spread over the machines, which fail one at a time.
 */

/** The pod spec's part that every pod of ours shares; `labels` select its Deployment's pods. */
export const unprivilegedPod = (labels: Record<string, string>) => ({
  automountServiceAccountToken: false,
  enableServiceLinks: false,
  securityContext: {
    runAsNonRoot: true,
    runAsUser: IMAGE_USER.uid,
    runAsGroup: IMAGE_USER.gid,
    seccompProfile: { type: 'RuntimeDefault' as const },
  },
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'ScheduleAnyway' as const,
      labelSelector: { matchLabels: { ...labels } },
    },
  ],
});

/** Its container's: it writes only its mounted folders and may not gain a privilege. */
export const UNPRIVILEGED_CONTAINER = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  privileged: false,
  capabilities: { drop: ['ALL'] },
};
