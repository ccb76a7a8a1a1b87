import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/errors.ts';
import { ADMIN_VIEWS, ADMIN_VIEW_ROWS, adminViewRows, isAdminView, type AdminAction, type AdminViewName } from './admin-views.ts';
import { runAdminAction } from './admin-actions.ts';
import { beatProcess } from './process-heartbeat.ts';
import { ADMIN_SCHEMAS as S } from './admin-schemas.ts';

/** The permission of the administration screens (schemas/_access/roles.json: internal staff). */
export const ADMIN_OPERATIONS = 'admin:operations';

/**
 * The administration screens' calls (docs/operations.md, Administration screens): each declared
 * view's rows (admin-views.ts) and its rows' actions, for staff only (403 otherwise); an unknown
 * view or action: 404.
 */
export function adminRoutes(app: FastifyInstance, db: Database): void {
  const viewOf = (req: Parameters<typeof currentUser>[0], name: string): AdminViewName => {
    if (!hasPermission(currentUser(req).permissionMap, ADMIN_OPERATIONS)) throw new ApiError(403, 'FORBIDDEN', { permission: ADMIN_OPERATIONS });
    if (!isAdminView(name)) throw new ApiError(404, 'NOT_FOUND');
    return name;
  };

  app.get<{ Params: { view: string } }>('/api/admin/views/:view', { schema: S.view }, async (req) => {
    const name = viewOf(req, req.params.view);
    // The answering process's own connections are counted now; the others' as of their last beat.
    if (name === 'connections') await beatProcess(db, app.websocketServer?.clients.size ?? 0);
    const view = ADMIN_VIEWS[name];
    return ok({
      columns: view.columns.map(([column, type]) => ({ name: column, type })),
      actions: view.actions,
      rows: await adminViewRows(db, name),
      limit: ADMIN_VIEW_ROWS,
    });
  });

  app.post<{ Params: { view: string; id: string; action: string } }>('/api/admin/views/:view/:id/:action', { schema: S.action }, async (req) => {
    const name = viewOf(req, req.params.view);
    const action = req.params.action as AdminAction;
    if (!(ADMIN_VIEWS[name].actions as readonly string[]).includes(action)) throw new ApiError(404, 'NOT_FOUND');
    await runAdminAction(db, name, req.params.id, action, currentUser(req).id);
    return ok({});
  });
}
