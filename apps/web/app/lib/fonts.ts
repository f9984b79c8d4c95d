/**
 * Chromium keeps the boxes it drew for text laid out while that script's webfont (fonts.css) was
 * still on its way: a Hindi heading stays "□□□□" after its bold face has arrived. A change of
 * font features makes it shape the page's text again, so each time faces finish loading the
 * `<html>` element flips between two settings that both mean the defaults (fonts.css).
 */
export function reshapeTextWhenFontsArrive(): () => void {
  if (typeof document === 'undefined' || !('fonts' in document)) return () => {};
  const html = document.documentElement;
  const flip = () => {
    html.dataset.fontsSettled = html.dataset.fontsSettled === '1' ? '2' : '1';
  };
  document.fonts.addEventListener('loadingdone', flip);
  // Faces that arrived before this ran (the page was drawn before the app started) count too.
  void document.fonts.ready.then(flip);
  return () => document.fonts.removeEventListener('loadingdone', flip);
}
