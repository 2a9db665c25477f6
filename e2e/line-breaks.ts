import type { Locator } from '@playwright/test';

// Lines are counted by their tops: a text cut with an ellipsis has two boxes on one line (the
// whole run and the part shown), which is one line, not a split.

/**
 * The texts the page lays out over more than one line, of the elements `cells` finds: each
 * element's first text node (past the comments Svelte leaves as block anchors), when its whole text
 * matches `pattern` (an address, an amount in base units). For checks that a value reads whole at a
 * given width: "29330" / "34698" reads as two numbers, an address over four lines as nothing at all.
 * @param pattern the RegExp source a text must match to be checked; default every text
 */
export function textsOnSeveralLines(cells: Locator, pattern = ''): Promise<string[]> {
  return cells.evaluateAll(
    (elements, source) =>
      elements.flatMap((element) => {
        let text = element.firstChild;
        while (text?.nodeType === Node.COMMENT_NODE) text = text.nextSibling;
        if (text?.nodeType !== Node.TEXT_NODE || !new RegExp(source).test(text.textContent ?? '')) return [];
        const range = document.createRange();
        range.selectNodeContents(text);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1 ? [text.textContent ?? ''] : [];
      }),
    pattern,
  );
}

/** Whether the element `inner` finds reaches past the right edge of its closest ancestor matching `container`. */
export function overflowsRight(inner: Locator, container: string): Promise<boolean> {
  return inner.evaluate((element, selector) => element.getBoundingClientRect().right > element.closest(selector)!.getBoundingClientRect().right + 0.5, container);
}

/**
 * The words (runs without white space) the page splits over two lines, in the texts of the elements
 * `cells` finds: a value may wrap between its words, never inside one ("customer-app/1.0 (t" / "hat").
 */
export function wordsSplitAcrossLines(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) split.push(match[0]);
        }
      }
      return split;
    }),
  );
}
