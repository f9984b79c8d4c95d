import { call } from '../../lib/client.ts';

export type Outgoing = { receiverId: number; propertyId: number; message?: string; file?: File; audio?: Blob };

/** `send_message`: text as JSON; a file (picture or PDF) or a voice note as multipart. Answers the new message's id. */
export async function sendMessage(m: Outgoing): Promise<number> {
  const { sentAnswer } = await import('./answers.ts');
  const text = m.message?.trim() || undefined;
  if (!m.file && !m.audio) {
    return (await call('send_message', sentAnswer, { method: 'POST', body: { receiver_id: m.receiverId, property_id: m.propertyId, message: text } })).id;
  }
  const form = new FormData();
  form.set('receiver_id', String(m.receiverId));
  form.set('property_id', String(m.propertyId));
  if (text) form.set('message', text);
  if (m.file) form.set('file', m.file, m.file.name);
  if (m.audio) form.set('audio', m.audio, `voice.${audioExtension(m.audio.type)}`);
  return (await call('send_message', sentAnswer, { method: 'POST', body: form })).id;
}

const audioExtension = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : type.includes('mpeg') ? 'mp3' : type.includes('wav') ? 'wav' : 'webm');
