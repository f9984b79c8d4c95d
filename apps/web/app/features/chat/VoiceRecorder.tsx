import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { clock } from './policy.ts';

const MIC = 'M10 2a3 3 0 0 0-3 3v5a3 3 0 1 0 6 0V5a3 3 0 0 0-3-3ZM5 9.5a.75.75 0 0 0-1.5 0V10a6.5 6.5 0 0 0 5.75 6.46v1.79a.75.75 0 0 0 1.5 0v-1.79A6.5 6.5 0 0 0 16.5 10v-.5a.75.75 0 0 0-1.5 0v.5a5 5 0 0 1-10 0v-.5Z';
/** What browsers record in, in the order tried: Chromium and Firefox take WebM/Opus, Safari MP4. */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/**
 * A voice note recorded with MediaRecorder: press to start, the running length shows, then send
 * or cancel. The browser asks for the microphone the first time.
 */
export function VoiceRecorder({ disabled, onRecorded, onError, onActive }: { disabled: boolean; onRecorded: (audio: Blob) => void; onError: (message: string) => void; onActive: (recording: boolean) => void }) {
  const t = useT();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const keep = useRef(false);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  useEffect(
    () => () => {
      keep.current = false;
      recorder.current?.stop();
    },
    [],
  );

  const start = async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return onError(t('chatNoRecording', 'This browser cannot record voice notes.'));
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return onError(t('chatMicDenied', 'The microphone is not available. Allow it in the browser to record a voice note.'));
    }
    const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    rec.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      setStartedAt(null);
      onActive(false);
      if (keep.current && chunks.length) onRecorded(new Blob(chunks, { type: rec.mimeType || mimeType || 'audio/webm' }));
    };
    recorder.current = rec;
    keep.current = false;
    rec.start(250);
    setStartedAt(Date.now());
    setNow(Date.now());
    onActive(true);
  };
  const stop = (send: boolean) => {
    keep.current = send;
    recorder.current?.stop();
  };

  if (startedAt !== null) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-2" data-testid="recording">
        <span aria-hidden="true" className="size-3 shrink-0 animate-pulse rounded-full bg-red-600" />
        <span className="text-sm font-medium text-slate-800" role="timer" aria-label={t('chatRecording', 'Recording')} data-testid="recording-time">
          {clock((now - startedAt) / 1000)}
        </span>
        <span className="flex-1" />
        <button type="button" onClick={() => stop(false)} className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium">
          {t('cancel', 'Cancel')}
        </button>
        <button type="button" onClick={() => stop(true)} className="rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          {t('chatSendVoice', 'Send voice note')}
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => void start()}
      aria-label={t('chatRecordVoice', 'Record a voice note')}
      title={t('chatRecordVoice', 'Record a voice note')}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 disabled:opacity-50"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-6">
        <path d={MIC} />
      </svg>
    </button>
  );
}
