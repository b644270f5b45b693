/**
 * Input methods (Japanese, Chinese, Korean keyboards): while one is composing, Enter picks the
 * candidate text, it does not submit. Browsers mark those key events with `isComposing` (Safari only
 * with keyCode 229, and sends the committing Enter after compositionend), so a box that acts on Enter
 * asks this first.
 */
export interface KeyEventLike {
  key: string;
  keyCode?: number;
  nativeEvent?: { isComposing?: boolean };
  isComposing?: boolean;
}

/** keyCode every browser reports for a key the input method takes. */
const IME_KEY_CODE = 229;

export const isComposingKey = (event: KeyEventLike): boolean =>
  Boolean(event.isComposing ?? event.nativeEvent?.isComposing) || event.keyCode === IME_KEY_CODE;

/** Enter that the input method takes (to commit its text), not the user's Enter. */
export const isComposingEnter = (event: KeyEventLike): boolean =>
  event.key === 'Enter' && isComposingKey(event);
