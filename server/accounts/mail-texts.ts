import type { Language } from '../../engine/index.ts';
import type { Mail } from '../mail/outbox.ts';
import type { MailTemplate } from '../effects/mail-effect.ts';

/** The emails account flows send, in the recipient's language. */
export function codeMail(to: string, code: string, purpose: 'register' | 'resetPassword', lang: Language): Mail {
  const zh = purpose === 'register' ? '注册' : '重置密码';
  const en = purpose === 'register' ? 'registration' : 'password reset';
  return lang === 'zh-CN'
    ? { to, subject: `Portico ${zh}验证码：${code}`, body: `您的${zh}验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。` }
    : { to, subject: `Your Portico ${en} code: ${code}`, body: `Your ${en} code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.` };
}

type Texts = { subject: string; body: string };
const pick = (lang: Language, zh: Texts, en: Texts): Texts => (lang === 'zh-CN' ? zh : en);

/**
 * The mails the account machines declare (`sendEmail` effects of account-approval and
 * customer-approval machines), by template; placeholders come from the recipient and the effect.
 */
export const ACCOUNT_MAILS: Readonly<Record<string, MailTemplate>> = {
  accountApproved: (_, lang) =>
    pick(
      lang,
      { subject: 'Portico 账号已审核通过', body: '您的账号已审核通过，现在可以登录 Portico。' },
      { subject: 'Your Portico account is approved', body: 'Your account has been approved; you can log in to Portico now.' },
    ),
  accountRejected: (v, lang) =>
    pick(
      lang,
      { subject: 'Portico 账号审核未通过', body: `很抱歉，您的注册申请未通过。原因：${v.reason ?? ''}` },
      { subject: 'Your Portico registration was refused', body: `We are sorry: your registration was refused. Reason: ${v.reason ?? ''}` },
    ),
  accountReclaimed: (_, lang) =>
    pick(
      lang,
      { subject: 'Portico 账号已回收', body: '您的 Portico 账号已超过 24 个月未登录，已被回收。如需继续使用，请重新注册或联系我们。' },
      { subject: 'Your Portico account was reclaimed', body: 'Your Portico account was not used for 24 months and has been reclaimed. To use Portico again, register again or contact us.' },
    ),
  confirmApplicant: (v, lang) =>
    pick(
      lang,
      { subject: `Portico：${v.applicant ?? ''} 申请加入 ${v.company ?? ''}`, body: `${v.applicant ?? ''} 申请了 ${v.company ?? ''} 的 Portico 账号。请登录 Portico 确认该申请人是否为贵公司员工。` },
      { subject: `Portico: ${v.applicant ?? ''} applied to join ${v.company ?? ''}`, body: `${v.applicant ?? ''} applied for a Portico account of ${v.company ?? ''}. Please log in to Portico and confirm whether they work for your company.` },
    ),
  customerCertified: (v, lang) =>
    pick(
      lang,
      { subject: `Portico：${v.company ?? ''} 已通过认证`, body: `${v.company ?? ''} 已通过服务商认证。` },
      { subject: `Portico: ${v.company ?? ''} is certified`, body: `${v.company ?? ''} has been certified by the provider.` },
    ),
  customerRefused: (v, lang) =>
    pick(
      lang,
      { subject: `Portico：${v.company ?? ''} 未通过认证`, body: `很抱歉，${v.company ?? ''} 未通过认证。原因：${v.reason ?? ''}` },
      { subject: `Portico: ${v.company ?? ''} was not certified`, body: `We are sorry: ${v.company ?? ''} was not certified. Reason: ${v.reason ?? ''}` },
    ),
};
