/**
 * The control a cross-screen jump was made from, found again when the user comes back ("Back to
 * Compare"): the screen left was unmounted, so the element itself is gone, but the screen's state
 * outlives it and draws the same controls again. A control is known by its accessible name (its
 * aria-label, else its text) and its place among the controls of that name ("Open in history" is
 * both models' in a row's detail).
 */

/** A control as the jump left it. */
export interface FocusMark {
  name: string;
  index: number;
}

const CONTROLS = 'button, a[href], input, select, textarea, summary, [tabindex]';

function nameOf(element: Element): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}

function controlsNamed(root: ParentNode, name: string): Element[] {
  return [...root.querySelectorAll(CONTROLS)].filter((control) => nameOf(control) === name);
}

/** The mark of the focused control, or null when the focus is on no control of `root`. */
export function focusMarkOf(element: Element | null, root: ParentNode | null): FocusMark | null {
  if (!element || !root || !element.matches(CONTROLS)) return null;
  const name = nameOf(element);
  const index = controlsNamed(root, name).indexOf(element);
  return name === '' || index < 0 ? null : { name, index };
}

/** The control a mark names, drawn again; null when it is no longer there (its row gone, say). */
export function findFocusMark(root: ParentNode, mark: FocusMark): HTMLElement | null {
  const control = controlsNamed(root, mark.name)[mark.index];
  return control instanceof HTMLElement ? control : null;
}
