import type { ServerNotifications } from '../notifications/notify-effect.ts';
import { ACCOUNT_MAILS } from './mail-texts.ts';

/**
 * The notifications the account machines raise (`notify` effects of account-approval.machine.ts):
 * the account approved reaches its applicant in-app and/or by email, as their notification
 * settings for `accountApproved` choose; the texts are the decision mail's.
 */
export const ACCOUNT_NOTIFICATIONS: ServerNotifications = {
  accountApproval: {
    accountApproved: {
      entity: 'account',
      async account(tx, userId) {
        const { rows } = await tx.query<{ id: string; company_id: string; user_name: string; company: string }>(
          'select u.id, u.company_id, u.user_name, c.name as company from users u join companies c on c.id = u.company_id where u.id = $1',
          [userId],
        );
        const u = rows[0];
        return u && { userId: u.id, companyId: u.company_id, vars: { name: u.user_name, company: u.company } };
      },
      texts: ACCOUNT_MAILS.accountApproved!,
    },
  },
};
