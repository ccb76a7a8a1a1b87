import type { Language } from '../../engine/index.ts';
import type { Mail } from '../mail/outbox.ts';

/** The emails account flows send, in the recipient's language. */
export function codeMail(to: string, code: string, purpose: 'register' | 'resetPassword', lang: Language): Mail {
  const zh = purpose === 'register' ? '注册' : '重置密码';
  const en = purpose === 'register' ? 'registration' : 'password reset';
  return lang === 'zh-CN'
    ? { to, subject: `Portico ${zh}验证码：${code}`, body: `您的${zh}验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。` }
    : { to, subject: `Your Portico ${en} code: ${code}`, body: `Your ${en} code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.` };
}

export function decisionMail(to: string, approved: boolean, reason: string | undefined, lang: Language): Mail {
  if (lang === 'zh-CN') {
    return approved
      ? { to, subject: 'Portico 账号已审核通过', body: '您的账号已审核通过，现在可以登录 Portico。' }
      : { to, subject: 'Portico 账号审核未通过', body: `很抱歉，您的注册申请未通过。原因：${reason ?? ''}` };
  }
  return approved
    ? { to, subject: 'Your Portico account is approved', body: 'Your account has been approved; you can log in to Portico now.' }
    : { to, subject: 'Your Portico registration was refused', body: `We are sorry: your registration was refused. Reason: ${reason ?? ''}` };
}
