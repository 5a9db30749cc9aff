import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { REMOTE_NAMES } from 'release-contract/remotes';
import { signReleasesDocument } from 'release-contract/signed-releases';
import { clusterInput } from './cluster-input';
import {
  clusterManifestFiles,
  clusterObjects,
  EXAMPLE_RELEASES,
  EXAMPLE_RELEASES_KEY,
  inputFromReleasesFile,
  MANIFESTS_DIR,
  verifiedReleasesFile,
} from './cluster-manifests';
import { pageServerDeployment } from './page-server-deployment';
import { pageServerServiceMonitor } from './prometheus-scrape';

const input = await inputFromReleasesFile(EXAMPLE_RELEASES, EXAMPLE_RELEASES_KEY);
/** The Deployment as plain data, to break one field at a time. */
const deploymentData = () => JSON.parse(JSON.stringify(pageServerDeployment(input).toJSON()));

describe("the cluster's manifests", () => {
  it('are each valid against the Kubernetes schemas (the ServiceMonitor against its CRD)', () => {
    const objects = clusterObjects(input);
    // The page server's eight, and each slice's render service's four.
    expect(Object.keys(objects)).toHaveLength(8 + 4 * REMOTE_NAMES.length);
    for (const object of Object.values(objects)) expect(() => object.validate()).not.toThrow();
  });

  it('are refused by the schemas when a field is broken', () => {
    const noName = deploymentData();
    delete noName.spec.template.spec.containers[0].name;
    expect(() => new Deployment(noName).validate()).toThrow(/required property name/);

    const portAsText = deploymentData();
    portAsText.spec.template.spec.containers[0].ports[0].containerPort = 'three thousand';
    expect(() => new Deployment(portAsText).validate()).toThrow(/containerPort must be integer/);

    const sleepAsText = deploymentData();
    sleepAsText.spec.template.spec.containers[0].lifecycle.preStop.sleep.seconds = 'three';
    expect(() => new Deployment(sleepAsText).validate()).toThrow(/seconds must be integer/);

    const monitor = JSON.parse(JSON.stringify(pageServerServiceMonitor(input).toJSON()));
    monitor.spec.endpoints[0].metricRelabelings[0].action = 'keep-some';
    expect(() => new ServiceMonitor(monitor).validate()).toThrow(/action/);
  });

  it('are checked in as `pnpm --filter deploy cluster manifests` writes them (run it after a change)', () => {
    const written = clusterManifestFiles(input);
    const onDisk = readdirSync(MANIFESTS_DIR).filter((file) => file.endsWith('.yaml'));
    expect(onDisk.sort()).toEqual(Object.keys(written).sort());
    for (const [file, text] of Object.entries(written)) {
      expect(readFileSync(path.join(MANIFESTS_DIR, file), 'utf8'), file).toBe(text);
    }
  });

  it('carry the releases document as the rollout signed it, and the key the page servers check it with', () => {
    const configMap = clusterObjects(input)['releases-config-map.yaml']?.toJSON() as {
      data: Record<string, string>;
    };
    expect(Object.values(configMap.data)[0]).toBe(readFileSync(EXAMPLE_RELEASES, 'utf8'));
    const env = deploymentData().spec.template.spec.containers[0].env as {
      name: string;
      value?: string;
    }[];
    expect(env.find((entry) => entry.name === 'RELEASES_PUBLIC_KEY')?.value).toBe(
      readFileSync(EXAMPLE_RELEASES_KEY, 'utf8'),
    );
  });

  it('are not written from a document the page servers would refuse: unsigned, or signed with another key', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cluster-releases-'));
    try {
      const unsigned = path.join(folder, 'unsigned.json');
      writeFileSync(unsigned, JSON.stringify({ remotes: input.releases.remotes }));
      await expect(verifiedReleasesFile(unsigned, EXAMPLE_RELEASES_KEY)).rejects.toThrow(
        'it is not signed',
      );
      const forged = path.join(folder, 'forged.json');
      const other = generateKeyPairSync('ed25519').privateKey;
      writeFileSync(forged, await signReleasesDocument(input.releases, other));
      await expect(verifiedReleasesFile(forged, EXAMPLE_RELEASES_KEY)).rejects.toThrow(
        'its signature does not verify',
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuse a release outside the release origin, which the network policy would not let a page server reach', () => {
    const elsewhere = structuredClone(input.releases);
    const first = elsewhere.remotes[0];
    if (!first) throw new Error('the example has no release');
    first.manifestUrl = 'https://cdn.elsewhere.example/remote-home/mf-manifest.json';
    const verified = { document: elsewhere, text: '', publicKey: '' };
    expect(() => clusterObjects(clusterInput(verified))).toThrow(/outside the release origin/);
  });

  it('run the page server unprivileged: non-root, read-only root, no capability, no escalation', () => {
    const pod = deploymentData().spec.template.spec;
    const container = pod.containers[0];
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.securityContext.capabilities.add).toBeUndefined();
    expect(container.resources.requests).toBeDefined();
    expect(container.resources.limits.memory).toBeDefined();
  });
});
