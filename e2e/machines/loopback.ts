/*
 * The "machines" of the several-machine test, each on its own loopback address: 127.0.0.0/8 is
 * all loopback on Linux, so a process bound to 127.0.0.3 is reached only there, and killing it
 * leaves the others answering, as a lost machine does.
 */

/** The page servers' machines: each runs one page server on the same port. */
export const MACHINE_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const;
/** The release origin: the static store every release is uploaded to once. */
export const RELEASE_ORIGIN_ADDRESS = '127.0.0.5';
/** Prometheus, which finds the page servers by its file_sd targets file. */
export const PROMETHEUS_ADDRESS = '127.0.0.6';
