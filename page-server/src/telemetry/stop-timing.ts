/*
 * How a page server stops (a deploy, a scale-down, a machine drained), as data: the cluster's
 * manifests read these (a pre-stop drain and a grace period that match the server's own), and
 * serve-page-server acts on them.
 */

/**
 * How long a stopping page server keeps taking pages while its readiness already fails, so a
 * load balancer (nginx's health checks, a cluster's endpoints) stops sending it pages first.
 */
export const DRAIN_MS = 3_000;

/** How long a stop may take after the drain: the pages under way are finished by then. */
export const STOP_GRACE_MS = 5_000;
