import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageWriter } from '../../server/chat/message-writer.ts';
import type { ChatMessage, NewMessage } from '../../server/chat/chat-repo.ts';
import { schemaChannel } from '../../server/db/listen-hub.ts';
import { BACKENDS } from '../support/backends.ts';
import { validTrf, type ApiHarness } from '../support/api-harness.ts';
import { harnessWithAccounts } from '../support/harness-accounts.ts';

/**
 * The chat's group commit (message-writer.ts): messages that come while a write is under way are
 * stored together in one statement, each answered in its own order, a message sent twice stored
 * once, and every stored message heard once on the channel after the commit.
 */
describe.each(BACKENDS)('chat messages stored in groups on %s', (backend) => {
  let h: ApiHarness;
  let recordId = '';
  let [a, b] = ['', ''];
  beforeAll(async () => {
    let applicant: string;
    [h, applicant] = await harnessWithAccounts(backend, 'applicant');
    recordId = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant })).body.data.id;
    const id = async (account: string) => (await h.db.query<{ id: string }>('select id from users where account = $1', [account])).rows[0]!.id;
    [a, b] = [await id('applicant'), await id('staff')];
  });
  afterAll(() => h.close());

  it('stores the messages of a moment in one group, in order, each once, and notifies each stored one', async () => {
    const channel = await schemaChannel(h.db, 'portico_writer_test');
    const heard: ChatMessage[] = [];
    const stop = await h.db.listen(channel, (text) => heard.push(JSON.parse(text) as ChatMessage));
    const writer = new MessageWriter(h.db, () => channel);
    const m = (clientId: string, senderId = a): NewMessage => ({ recordId, senderId, senderName: 'Writer', side: 'customer', clientId, body: `Body ${clientId}`, files: [] });
    // The first goes at once; the rest come while it is written and go as one group, a resent one among them.
    const saved = await Promise.all([m('w1'), m('w2'), m('w3', b), m('w2'), m('w4')].map((x) => writer.save(x)));
    expect(saved.map((s) => [s.message.clientId, s.message.senderId, s.fresh])).toEqual([
      ['w1', a, true],
      ['w2', a, true],
      ['w3', b, true],
      ['w2', a, false],
      ['w4', a, true],
    ]);
    expect(saved[3]!.message.id).toBe(saved[1]!.message.id);
    const ids = saved.filter((s) => s.fresh).map((s) => s.message.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Sent again later: the stored message, not notified again.
    expect((await writer.save(m('w1'))).fresh).toBe(false);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard.map((x) => x.clientId)).toEqual(['w1', 'w2', 'w3', 'w4']);
    // Each sender has read up to their own latest message.
    const { rows } = await h.db.query<{ user_id: string; last_read_id: number }>('select user_id, last_read_id::int as last_read_id from chat_reads where record_id = $1', [recordId]);
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.last_read_id]))).toEqual({ [a]: saved[4]!.message.id, [b]: saved[2]!.message.id });
    await stop();
  });
});
