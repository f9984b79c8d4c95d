import { CHAT_PAGE_SIZE } from '@estate/core';
import { call } from '../../lib/client.ts';

/** `get_messages`: one page of a conversation, newest first; what one received in it is marked read. */
export async function getMessages(userId: number, propertyId: number, page: number, perPage = CHAT_PAGE_SIZE) {
  const { messagesAnswer } = await import('./answers.ts');
  const answer = await call('get_messages', messagesAnswer, { query: { user_id: userId, property_id: propertyId, page, per_page: perPage } });
  return { messages: answer.data.data, total: answer.data.total, totalPages: answer.total_page };
}
