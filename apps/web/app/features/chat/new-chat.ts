/**
 * Spec §3's cached `newUserChatData`: who and what a conversation that has no message yet is with
 * and about, kept when "Chat with owner" is pressed so the chat page can head it before the first
 * message (get_chats lists a conversation only once it has one).
 */
export type NewChat = { user_id: number; property_id: number; name: string | null; profile: string | null; title: string; title_image: string | null };

const KEY = 'newUserChatData';

export function rememberNewChat(chat: NewChat) {
  try {
    localStorage.setItem(KEY, JSON.stringify(chat));
  } catch {
    // Private modes may refuse storage: the page then heads the conversation generically.
  }
}

export function newChatFor(userId: number, propertyId: number): NewChat | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as NewChat | null;
    return saved && saved.user_id === userId && saved.property_id === propertyId ? saved : null;
  } catch {
    return null;
  }
}
