import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { APP_LABELS, type ClusterInput, RELEASES_CONFIG_MAP, RELEASES_FILE } from './cluster-input';

/**
 * The releases document (pins and canaries per slice) every page server reads from its mounted
 * folder and re-reads when it changes: a release or a rollback is an update of this object. It
 * carries the document as the rollout signed it; the page servers believe nothing else.
 */
export function releasesConfigMap(input: ClusterInput): ConfigMap {
  return new ConfigMap({
    metadata: { name: RELEASES_CONFIG_MAP, namespace: input.namespace, labels: { ...APP_LABELS } },
    data: { [RELEASES_FILE]: input.signedReleases },
  });
}
