import { useEffect, useRef, useState } from 'react';
import { App, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { maintenanceNoticeMachine, type MaintenanceNotice as MachineNotice } from '../../engine/maintenance-notice.ts';
import { useSession } from '../auth/session-store.ts';
import { reportError } from '../errors/error-reporter.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { getNotice, isWhitelisted, noticeRemark, toMachineNotice, type NoticeRecord } from './notice-api.ts';
import { noticePollOverride, shouldPollNotices } from './notice-hosts.ts';
import { alreadyAlerted, clearStoredNotice, rememberAlerted, rememberNotice, storedNotice } from './notice-storage.ts';
import { startPublishStatusPush } from './publish-status-push.ts';
import { useOpenedOnce } from '../shell/use-opened-once.ts';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * The maintenance notice of SPEC §4, driven by workflows/maintenance-notice.machine.ts: this host
 * provides the fetch (the real API) and the publish-status push (STOMP, publish-status-push.ts:
 * pushed notices go to the machine as NOTICE_RECEIVED, and its connection as PUSH_CONNECTED /
 * PUSH_LOST, so the machine polls only while not pushed), and shows what the machine emits — a
 * one-time alert for an upcoming notice, a blocking dialog while maintenance is in progress. A
 * failed fetch is logged and read as "finished", which closes the dialog (SPEC §8).
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const account = useSession((s) => s.userInfo?.account);
  const [notice, setNotice] = useState<NoticeRecord | undefined>(storedNotice);
  const [blocking, setBlocking] = useState(false);
  const lang = currentLanguage();
  // The upcoming alert open now: closed when maintenance starts (the blocking dialog alone shows) or ends.
  const upcomingAlert = useRef<{ destroy(): void } | undefined>(undefined);
  const closeUpcoming = () => {
    upcomingAlert.current?.destroy();
    upcomingAlert.current = undefined;
  };

  /** A notice fetched or pushed, as this session sees it (none when the account is whitelisted): kept, shown, and in the machine's terms. */
  const received = (fetched: NoticeRecord | null): MachineNotice => {
    const visible = isWhitelisted(fetched, account) ? null : fetched;
    if (visible?.finalPublishStatus !== 0) rememberNotice(visible);
    if (visible) setNotice(visible);
    return toMachineNotice(visible, new Date());
  };

  const actor = useActorRef(
    maintenanceNoticeMachine.provide({
      delays: noticePollOverride(),
      actors: {
        fetchNotice: fromPromise<MachineNotice, void>(async () => {
          try {
            return received(await getNotice());
          } catch (e) {
            reportError('notice', e, 'maintenance notice fetch failed');
            return toMachineNotice(null, new Date());
          }
        }),
      },
    }),
  );

  useEffect(() => {
    const subs = [
      actor.on('blockingDialog', (e) => {
        closeUpcoming();
        setBlocking(e.open);
      }),
      // Finished (SPEC §4): every notice dialog closes and what was kept is cleared.
      actor.on('clearNoticeStorage', () => {
        closeUpcoming();
        setBlocking(false);
        setNotice(undefined);
        clearStoredNotice();
      }),
      actor.on('alertUpcoming', (e) => {
        if (alreadyAlerted(e.startTime)) return;
        rememberAlerted(e.startTime);
        const current = storedNotice();
        closeUpcoming();
        const alert = modal.warning({
          title: t('notice.upcomingTitle'),
          content: (
            <div data-testid="notice-upcoming">
              <p>{t('notice.upcomingText', { start: time(e.startTime), finish: current ? time(current.finishDateTime) : '' })}</p>
              {current && <p>{noticeRemark(current, currentLanguage())}</p>}
            </div>
          ),
          okText: t('notice.ok'),
          afterClose: () => {
            if (upcomingAlert.current === alert) upcomingAlert.current = undefined;
          },
        });
        upcomingAlert.current = alert;
      }),
    ];
    if (!shouldPollNotices(window.location.hostname)) return () => subs.forEach((s) => s.unsubscribe());
    let active = true;
    let stopPush: (() => void) | undefined;
    const started = (whitelisted: boolean) => {
      if (!active) return;
      actor.send({ type: 'SESSION_STARTED', whitelisted });
      if (whitelisted) return;
      stopPush = startPublishStatusPush(lang, {
        onNotice: (pushed) => actor.send({ type: 'NOTICE_RECEIVED', ...received(pushed) }),
        onConnected: (connected) => actor.send({ type: connected ? 'PUSH_CONNECTED' : 'PUSH_LOST' }),
      });
    };
    getNotice().then(
      (first) => started(isWhitelisted(first, account)),
      (e: unknown) => {
        reportError('notice', e, 'maintenance notice fetch failed');
        started(false);
      },
    );
    return () => {
      active = false;
      stopPush?.();
      subs.forEach((s) => s.unsubscribe());
    };
    // `received` reads only `account` (a dependency) and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, account, modal, t, lang]);
  const mounted = useOpenedOnce(blocking);

  if (!mounted) return null;
  return (
    <Modal open={blocking} closable={false} mask={{ closable: false }} keyboard={false} footer={null} title={t('notice.inProgressTitle')} rootClassName="portico-notice-blocking">
      {notice && (
        <div data-testid="notice-blocking-body">
          <Typography.Paragraph>{t('notice.inProgressText', { finish: time(notice.finishDateTime) })}</Typography.Paragraph>
          <Typography.Paragraph>{noticeRemark(notice, currentLanguage())}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
