import { useState } from 'react';
import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { AvailableAction, RegisteredEntity } from '../../engine/index.ts';
import { valueAt } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { isDataError, type EntityRecord, type RemoveRequest, type TransitionRequest } from '../env/data-provider.ts';
import { listPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { withNoticesShown } from '../env/write-notices.ts';
import { useRecordCache } from '../env/record-cache.ts';
import { validateDocument } from '../form/save-errors.ts';

export interface ActionRunner {
  /** The action whose payload is being asked for. */
  asking?: AvailableAction;
  /** Starting payload values for `asking`. */
  initialPayload: Record<string, unknown>;
  busy?: string;
  start(action: AvailableAction): void;
  send(action: AvailableAction, payload?: Record<string, unknown>): Promise<void>;
  cancel(): void;
}

/**
 * Runs lifecycle actions on a record: asks for confirmation or a payload when the declaration
 * says so, checks the document when the action needs a valid one, sends the event (or deletes
 * the record), and reports the outcome. The record the server returns goes to `onRecord`; a
 * deleted record leaves the cache, and the entity's lists load again either way.
 */
export function useActionRunner(reg: RegisteredEntity, record: EntityRecord | undefined, onRecord: (r: EntityRecord) => void, reload: () => void): ActionRunner {
  const { lang, t, data, navigate } = useRendererEnv();
  const { message, modal } = App.useApp();
  const [asking, setAsking] = useState<AvailableAction | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const cache = useRecordCache();
  const remove = useMutation({ mutationFn: (p: RemoveRequest) => data.remove(p), onSuccess: (_, p) => cache.removed(p.entity, p.id) });
  const transition = useMutation({ mutationFn: (p: TransitionRequest) => data.transition(p) });

  const refuse = (action: AvailableAction, problems: readonly { message: string }[]) =>
    modal.warning({
      title: t('detail.invalidForAction', { action: action.label }),
      content: problems.map((p) => p.message).join('\n'),
      styles: { body: { whiteSpace: 'pre-line' } },
      okText: t('common.ok'),
    });

  const send = async (action: AvailableAction, payload?: Record<string, unknown>) => {
    if (!record) return;
    if (reg.entity.actions?.[action.event]?.requiresValidDocument) {
      const problems = validateDocument(reg, record.doc, false, lang);
      if (problems.length) {
        refuse(action, problems);
        return;
      }
    }
    setBusy(action.event);
    try {
      if (action.removesRecord) {
        await remove.mutateAsync({ entity: reg.name, id: record.id, version: record.version });
        message.success(t('detail.removed'));
        navigate(listPath(reg));
        return;
      }
      const next = await transition.mutateAsync({ entity: reg.name, id: record.id, event: action.event, version: record.version, ...(payload ? { payload } : {}) });
      setAsking(undefined);
      message.success(t('detail.actionDone', { action: action.label }));
      onRecord(withNoticesShown(next, (n, s) => message.warning(n, s)));
    } catch (e) {
      // The server's field messages (e.g. a TRF's DFF data, which only the server checks here).
      if (isDataError(e) && e.code === 400 && e.errors?.length) refuse(action, e.errors);
      else message.error(errorMessage(e) ?? t('common.loadFailed'));
      if (isDataError(e) && e.code === 409) reload();
    } finally {
      setBusy(undefined);
    }
  };

  const start = (action: AvailableAction) => {
    if (action.payloadSchema) {
      setAsking(action);
      return;
    }
    if (action.confirm) {
      modal.confirm({
        title: t('detail.confirmTitle', { action: action.label }),
        content: action.confirm,
        okText: action.label,
        // The dialog's own way out never reads like an action (CANCEL is labelled “Cancel”).
        cancelText: t('detail.dismiss'),
        okButtonProps: { danger: action.variant === 'danger' },
        onOk: () => send(action),
      });
      return;
    }
    void send(action);
  };

  const fields = asking ? (reg.entity.actions?.[asking.event]?.setsFields ?? []) : [];
  const initialPayload: Record<string, unknown> = {};
  for (const f of fields) if (record && valueAt(record.doc, f) !== undefined) initialPayload[f] = valueAt(record.doc, f);

  return { asking, initialPayload, busy, start, send, cancel: () => setAsking(undefined) };
}
