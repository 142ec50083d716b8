import { Router } from 'express';

/** A dependency the service needs to answer: resolves when it answers, rejects (or overruns) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface HealthDeps {
  /** Checked in parallel by `GET /readyz`, by name (`database`, `job_queue`). */
  checks: Record<string, ReadinessCheck>;
  /** True once the service is stopping: not ready, so a load balancer sends nothing new. */
  stopping: () => boolean;
}

/** A probe answers within this, however a dependency hangs (a pool waiting for a connection). */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Probes for orchestrators and load balancers, outside `/api`: no token, no identity, no database work beyond one
 * `select 1` per dependency, never cached by a proxy. The access log leaves these paths out.
 *   GET /healthz  the process is up: 200 {"status":"ok"}
 *   GET /readyz   every dependency answers: 200 {"status":"ok","checks":{…}}, else 503 naming those down
 */
export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (deps.stopping()) {
      res.status(503).json({ status: 'stopping' });
      return;
    }
    const names = Object.keys(deps.checks);
    const results = await Promise.all(names.map((name) => answers(deps.checks[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'down']));
    const down = names.filter((_, i) => !results[i]);
    res.status(down.length === 0 ? 200 : 503).json(down.length === 0 ? { status: 'ok', checks } : { status: 'unavailable', checks, down });
  });
  return router;
}

async function answers(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
