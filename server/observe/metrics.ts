import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/**
 * Node's own figures (event-loop lag, heap, GC, CPU, handles: prom-client's default metrics),
 * registered once per process however many apps it builds (tests build many).
 */
let processRegistry: Registry | undefined;
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds: from a fast key read to a slow page (the HTTP and query histograms). */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (a 404): never the raw URL, whose values are unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The app's series (docs/operations.md, Metrics lists each with its labels). Counters and
 * histograms are updated where things happen; the gauges that need the database are read on a
 * scrape (scrape-gauges.ts). One registry per app: a test's apps never mix their counts.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly on = { registers: [this.registry] };

  readonly httpDuration = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency (the count is the number of requests)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    ...this.on,
  });
  readonly dbQueryDuration = new Histogram({
    name: 'portico_db_query_duration_seconds',
    help: 'Database statements (query) and whole transactions and sessions, with their latency',
    labelNames: ['database', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    ...this.on,
  });
  readonly dbInFlight = new Gauge({ name: 'portico_db_queries_in_flight', help: 'Statements sent and not yet answered', labelNames: ['database'] as const, ...this.on });
  readonly dbHeld = new Gauge({
    name: 'portico_db_connections_held',
    help: 'Connections held by a transaction or a session now (the pool size is portico_db_pool_size)',
    labelNames: ['database'] as const,
    ...this.on,
  });
  readonly dbPoolSize = new Gauge({ name: 'portico_db_pool_size', help: 'Connections the pool may open (1 on PGlite)', labelNames: ['database'] as const, ...this.on });
  readonly wsConnections = new Gauge({ name: 'portico_websocket_connections', help: 'WebSocket connections open now, by endpoint', labelNames: ['endpoint'] as const, ...this.on });
  readonly wsMessages = new Counter({
    name: 'portico_websocket_messages_total',
    help: 'WebSocket messages by endpoint and direction (in: from clients, out: to clients)',
    labelNames: ['endpoint', 'direction'] as const,
    ...this.on,
  });
  readonly mailDeliveries = new Counter({
    name: 'portico_mail_deliveries_total',
    help: 'Mail delivery attempts by outcome: sent, retry (failed, tried again later) or failed (given up)',
    labelNames: ['outcome'] as const,
    ...this.on,
  });
  readonly timerFirings = new Counter({ name: 'portico_timer_firings_total', help: 'Lifecycle timers fired by outcome (fired, failed)', labelNames: ['outcome'] as const, ...this.on });
  readonly effectRuns = new Counter({
    name: 'portico_effect_runs_total',
    help: 'Declared effects run by kind and outcome (done, retry, failed)',
    labelNames: ['kind', 'outcome'] as const,
    ...this.on,
  });
  readonly rateLimitRefusals = new Counter({ name: 'portico_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route pattern', labelNames: ['route'] as const, ...this.on });

  /** The Prometheus text of the process's and the app's series. */
  async text(): Promise<string> {
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Times every response by its route's pattern (`onResponse`: after it is sent). */
  installHttpTiming(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
      this.httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }
}
