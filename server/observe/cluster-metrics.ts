import { createServer, type Server } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { message, pickLanguage, type MessageCode } from '../../engine/index.ts';
import type { AppMetrics } from './metrics.ts';
import { processMetrics } from './metrics.ts';
import { metricsGate, type MetricsAccess } from './metrics-route.ts';

/** METRICS_PORT: where the cluster's primary serves every worker's series added together; none unless set. */
export function metricsPortFromEnv(env: Record<string, string | undefined>): number | undefined {
  const given = env.METRICS_PORT?.trim();
  if (!given) return undefined;
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`METRICS_PORT must be a port number from 1 to 65535, not "${given}"`);
  return port;
}

/** In a cluster worker: the registries the primary's aggregation asks for (prom-client's cluster IPC). */
export function reportToCluster(metrics: AppMetrics): void {
  AggregatorRegistry.setRegistries([processMetrics(), metrics.registry]);
  // Constructing one installs the worker's answer to the primary's requests.
  new AggregatorRegistry();
}

/**
 * In the cluster's primary: GET /metrics on `port` answers every worker's series added together
 * (gauges marked with another aggregator, the database's figures, taken as their maximum), to the
 * same token and addresses as a worker's /metrics; 403 with a message otherwise, 404 for anything else.
 */
export function serveClusterMetrics(port: number, host: string, access: MetricsAccess): Promise<Server> {
  const aggregator = new AggregatorRegistry();
  const gate = metricsGate(access);
  const server = createServer((req, res) => {
    const lang = pickLanguage(req.headers['accept-language']);
    const verdict = gate(req.headers.authorization, req.socket.remoteAddress ?? '');
    const refuse = (status: number, code: MessageCode, params: Record<string, number> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ code: status, errorCode: code, message: message(code, lang, params) }));
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics' || verdict === 'off') return refuse(404, 'ROUTE_NOT_FOUND');
    if (verdict === 'forbidden') return refuse(403, 'METRICS_FORBIDDEN');
    aggregator.clusterMetrics().then(
      (text) => res.writeHead(200, { 'content-type': aggregator.contentType, 'cache-control': 'no-store' }).end(text),
      // A worker that did not answer (prom-client waits 5 s): the next scrape asks again.
      () => refuse(503, 'SERVER_BUSY', { seconds: 15 }),
    );
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
}
