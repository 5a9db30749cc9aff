import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { releasesDocumentSchema } from 'release-contract/releases-document';
import { APP_LABELS, type ClusterInput, RELEASES_CONFIG_MAP, RELEASES_FILE } from './cluster-input';

/**
 * The releases document (pins and canaries per slice) every page server reads from its mounted
 * folder and re-reads when it changes: a release or a rollback is an update of this object.
 */
export function releasesConfigMap(input: ClusterInput): ConfigMap {
  const document = releasesDocumentSchema.parse(input.releases);
  return new ConfigMap({
    metadata: { name: RELEASES_CONFIG_MAP, namespace: input.namespace, labels: { ...APP_LABELS } },
    data: { [RELEASES_FILE]: `${JSON.stringify(document, null, 2)}\n` },
  });
}
