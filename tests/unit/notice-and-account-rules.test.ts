import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { isWhitelisted, noticeRemark, toMachineNotice, type NoticeRecord } from '../../src/notices/notice-api.ts';
import { shouldPollNotices, DEFAULT_NOTICE_SKIP_HOSTS } from '../../src/notices/notice-hosts.ts';
import { rulesFor, type AccountSchema } from '../../src/pages/account/schema-rules.ts';
import registration from '../../schemas/account/registration.schema.json';

const notice: NoticeRecord = {
  id: 'n1',
  finalPublishStatus: 1,
  weekDay: 5,
  startDateTime: '2021-03-26T20:00:00.000Z',
  finishDateTime: '2021-03-28T08:00:00.000Z',
  publishRemark: JSON.stringify({ cn: '系统升级', en: 'System upgrade' }),
  whiteList: 'staff, Buyer;admin',
};

describe('maintenance notice host helpers', () => {
  it('tells whitelisted accounts (any separator, any case)', () => {
    expect(isWhitelisted(notice, 'buyer')).toBe(true);
    expect(isWhitelisted(notice, 'admin')).toBe(true);
    expect(isWhitelisted(notice, 'supplier')).toBe(false);
    expect(isWhitelisted(null, 'buyer')).toBe(false);
  });
  it('picks the remark in the language, the other one when empty', () => {
    expect(noticeRemark(notice, 'zh-CN')).toBe('系统升级');
    expect(noticeRemark(notice, 'en-US')).toBe('System upgrade');
    expect(noticeRemark({ publishRemark: JSON.stringify({ cn: '仅中文', en: '' }) }, 'en-US')).toBe('仅中文');
  });
  it('maps to the machine notice with the host clock; no notice reads as finished', () => {
    const saturday = new Date('2021-03-27T10:00:00Z');
    expect(toMachineNotice(notice, saturday)).toMatchObject({ finalPublishStatus: 1, startTime: notice.startDateTime, now: saturday.toISOString() });
    expect(toMachineNotice(null, saturday).finalPublishStatus).toBe(0);
  });
  it('does not poll on the test and local hosts of the list', () => {
    expect(shouldPollNotices('localhost', DEFAULT_NOTICE_SKIP_HOSTS)).toBe(false);
    expect(shouldPollNotices('portal.example.com', DEFAULT_NOTICE_SKIP_HOSTS)).toBe(true);
    expect(shouldPollNotices('localhost', [])).toBe(true);
  });
});

describe('account form rules from the schema', () => {
  const t = i18next.t.bind(i18next);
  const schema = registration as AccountSchema;
  const check = async (name: string, value: unknown) => {
    for (const rule of rulesFor(schema.properties[name]!, true, 'en-US', t)) {
      if (typeof rule === 'function') continue;
      if (rule.required && !value) return 'required';
      if (typeof value === 'string') {
        if (rule.min !== undefined && value.length < rule.min) return rule.message;
        if (rule.max !== undefined && value.length > rule.max) return rule.message;
        if (rule.pattern && !rule.pattern.test(value)) return rule.message;
      }
      if (rule.validator) {
        try {
          await rule.validator({} as never, value, () => undefined);
        } catch (e) {
          return (e as Error).message;
        }
      }
    }
    return undefined;
  };
  const messages = schema.properties.password!['x-messages']!;
  it('uses the schema messages for each password rule', async () => {
    expect(await check('password', 'Ab1#')).toBe(messages.minLength!['en-US']);
    expect(await check('password', 'abcdefgh12')).toBe(messages.pattern!['en-US']);
    expect(await check('password', `Aa1#${'x'.repeat(30)}`)).toBe(messages.maxLength!['en-US']);
    expect(await check('password', 'Newuser#2024')).toBeUndefined();
  });
  it('requires the terms to be accepted', async () => {
    expect(await check('termsAccepted', false)).toBe(schema.properties.termsAccepted!['x-messages']!.const!['en-US']);
    expect(await check('termsAccepted', true)).toBeUndefined();
  });
});
