import { call } from '../../lib/client.ts';

/** `delete_chat_message`: one's own message (and its file). */
export async function deleteMessage(messageId: number) {
  const { doneAnswer } = await import('./answers.ts');
  return call('delete_chat_message', doneAnswer, { method: 'POST', body: { message_id: messageId } });
}
