import type { FastifyInstance } from 'fastify';
import { hasPermission, type EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/errors.ts';
import { answers } from '../http/route-schemas.ts';
import { scopeOf } from '../entities/visibility.ts';
import { trainingPerformance } from './performance-repo.ts';

const ROW = {
  type: 'object',
  properties: {
    key: { type: 'string' }, label: { type: 'string' }, classes: { type: 'integer' }, scored: { type: 'integer' },
    averageScore: { type: ['number', 'null'] }, graded: { type: 'integer' }, passed: { type: 'integer' },
  },
};

const PERFORMANCE = {
  tags: ['training'],
  querystring: { type: 'object', required: ['by'], properties: { by: { enum: ['trainee', 'company'] } } },
  response: answers({ type: 'array', items: ROW }),
};

/**
 * /training/performance's figures (issue 18): per trainee or per company, the classes taken, the
 * average score and the passes, over the enrolments the user may list (trainingEnrolment).
 */
export function trainingRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry): void {
  app.get<{ Querystring: { by: 'trainee' | 'company' } }>('/api/training/performance', { schema: PERFORMANCE }, async (req) => {
    const user = currentUser(req);
    const enrolment = registry.get('trainingEnrolment');
    const code = enrolment.entity.permissions.list;
    if (!hasPermission(user.permissionMap, code)) throw new ApiError(403, 'FORBIDDEN', { permission: code });
    return ok(await trainingPerformance(db, enrolment, scopeOf(user, registry), req.query.by));
  });
}
