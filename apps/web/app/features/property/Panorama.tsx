import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';

/** Degrees turned per arrow-key press, and per pixel dragged. */
const KEY_STEP = 15;
const VIEW_HEIGHT = 320;

/**
 * A 360° photo (an equirectangular panorama) as a view you can turn around in: the picture is
 * wrapped around horizontally, dragged with the pointer or turned with the arrow keys (up/down
 * tilt when the picture is taller than the view). Nothing is fetched until the visitor opens it.
 */
export function Panorama({ src, title }: { src: string; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [yaw, setYaw] = useState(0);
  const [pitch, setPitch] = useState(50);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const view = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; yaw: number; pitch: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => setFailed(true);
    img.src = src;
    view.current?.focus();
  }, [open, src]);

  // The picture is drawn VIEW_HEIGHT * 1.25 tall, so its width is one full turn (360°).
  const drawnHeight = VIEW_HEIGHT * 1.25;
  const turnWidth = size ? (size.width / size.height) * drawnHeight : 0;
  const offsetX = turnWidth ? -((((yaw % 360) + 360) % 360) / 360) * turnWidth : 0;
  const offsetY = -((drawnHeight - VIEW_HEIGHT) * pitch) / 100;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => setYaw((y) => y - KEY_STEP),
      ArrowRight: () => setYaw((y) => y + KEY_STEP),
      ArrowUp: () => setPitch((p) => Math.max(0, p - 25)),
      ArrowDown: () => setPitch((p) => Math.min(100, p + 25)),
      Home: () => setYaw(0),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, yaw, pitch };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !turnWidth) return;
    setYaw(start.yaw - ((event.clientX - start.x) / turnWidth) * 360);
    setPitch(Math.max(0, Math.min(100, start.pitch - ((event.clientY - start.y) / (drawnHeight - VIEW_HEIGHT || 1)) * 100)));
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        data-testid="panorama-open"
      >
        {t('open360', 'Open the 360° view')}
      </button>
    );
  }
  const heading = Math.round(((yaw % 360) + 360) % 360);
  return (
    <div>
      <div
        ref={view}
        tabIndex={0}
        role="img"
        aria-roledescription={t('panorama', '360° view')}
        aria-label={`${title}. ${t('panoramaHelp', 'Use the left and right arrow keys, or drag, to look around.')}`}
        aria-describedby="panorama-heading"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        data-testid="panorama-view"
        className="relative w-full cursor-grab touch-none select-none overflow-hidden rounded-xl bg-slate-800 active:cursor-grabbing"
        style={{
          height: VIEW_HEIGHT,
          backgroundImage: size ? `url("${src}")` : undefined,
          backgroundRepeat: 'repeat-x',
          backgroundSize: size ? `${turnWidth}px ${drawnHeight}px` : undefined,
          backgroundPosition: `${offsetX}px ${offsetY}px`,
        }}
      >
        {!size ? (
          <p className="flex h-full items-center justify-center text-sm text-white" role="status">
            {failed ? t('panoramaFailed', 'The 360° photo could not be loaded.') : t('loadingPanorama', 'Loading the 360° photo…')}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => setYaw((y) => y - KEY_STEP * 2)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          {t('turnLeft', 'Turn left')}
        </button>
        <button
          type="button"
          onClick={() => setYaw((y) => y + KEY_STEP * 2)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          {t('turnRight', 'Turn right')}
        </button>
        <p id="panorama-heading" className="text-sm text-slate-600" aria-live="polite">
          {t('facing', 'Facing')} {heading}°
        </p>
      </div>
    </div>
  );
}
