import type { Language, LocalizedText } from '../../engine/index.ts';
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

/** To an account an admin or staff made (account management, a company's first account): the link sets its first password, valid for `hours`. */
export function accountCreatedMail(to: string, vars: { name: string; account: string; company: string; link: string; hours: number }, lang: Language): Mail {
  return lang === 'zh-CN'
    ? {
        to,
        subject: `Portico：您的 ${vars.company} 账号已开通`,
        body: `${vars.name}，您好：\n您的 ${vars.company} Portico 账号已开通，登录账号为 ${vars.account}。\n请在 ${vars.hours} 小时内打开以下链接设置密码：\n${vars.link}`,
      }
    : {
        to,
        subject: `Portico: your ${vars.company} account is open`,
        body: `Hello ${vars.name},\nyour Portico account of ${vars.company} is open; your login account is ${vars.account}.\nSet your password within ${vars.hours} hours at:\n${vars.link}`,
      };
}

const fill = (template: string, vars: Readonly<Record<string, string>>) => template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

/** Each mail's subject and body in both languages, with `{placeholders}`. */
const MAILS: Readonly<Record<string, { subject: LocalizedText; body: LocalizedText }>> = {
  accountApproved: {
    subject: { 'zh-CN': 'Portico 账号已审核通过', 'en-US': 'Your Portico account is approved' },
    body: { 'zh-CN': '您的账号已审核通过，现在可以登录 Portico。', 'en-US': 'Your account has been approved; you can log in to Portico now.' },
  },
  accountRejected: {
    subject: { 'zh-CN': 'Portico 账号审核未通过', 'en-US': 'Your Portico registration was refused' },
    body: { 'zh-CN': '很抱歉，您的注册申请未通过。原因：{reason}', 'en-US': 'We are sorry: your registration was refused. Reason: {reason}' },
  },
  accountReclaimed: {
    subject: { 'zh-CN': 'Portico 账号已回收', 'en-US': 'Your Portico account was reclaimed' },
    body: {
      'zh-CN': '您的 Portico 账号已超过 24 个月未登录，已被回收。如需继续使用，请联系贵公司管理员启用，或联系我们。',
      'en-US': 'Your Portico account was not used for 24 months and has been reclaimed. To use Portico again, ask your company admin to enable it, or contact us.',
    },
  },
  accountEnabled: {
    subject: { 'zh-CN': 'Portico 账号已启用', 'en-US': 'Your Portico account is enabled' },
    body: { 'zh-CN': '您的 Portico 账号已重新启用，现在可以登录。', 'en-US': 'Your Portico account has been enabled again; you can log in now.' },
  },
  confirmApplicant: {
    subject: { 'zh-CN': 'Portico：{applicant} 申请加入 {company}', 'en-US': 'Portico: {applicant} applied to join {company}' },
    body: {
      'zh-CN': '{applicant} 申请了 {company} 的 Portico 账号。请登录 Portico 确认该申请人是否为贵公司员工。',
      'en-US': '{applicant} applied for a Portico account of {company}. Please log in to Portico and confirm whether they work for your company.',
    },
  },
  customerCertified: {
    subject: { 'zh-CN': 'Portico：{company} 已通过认证', 'en-US': 'Portico: {company} is certified' },
    body: { 'zh-CN': '{company} 已通过服务商认证。', 'en-US': '{company} has been certified by the provider.' },
  },
  customerRefused: {
    subject: { 'zh-CN': 'Portico：{company} 未通过认证', 'en-US': 'Portico: {company} was not certified' },
    body: { 'zh-CN': '很抱歉，{company} 未通过认证。原因：{reason}', 'en-US': 'We are sorry: {company} was not certified. Reason: {reason}' },
  },
};

/**
 * The mails the account machines declare (`sendEmail` effects of the account-approval,
 * account-status and customer-approval machines), by template; placeholders come from the recipient and the effect.
 */
export const ACCOUNT_MAILS: Readonly<Record<string, MailTemplate>> = Object.fromEntries(
  Object.entries(MAILS).map(([name, m]): [string, MailTemplate] => [name, (vars, lang) => ({ subject: fill(m.subject[lang], vars), body: fill(m.body[lang], vars) })]),
);
