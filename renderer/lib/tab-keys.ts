/**
 * The keys of a tab list (WAI-ARIA tabs, selection following focus): ArrowRight and ArrowLeft move
 * to the next and previous tab, wrapping, Home and End to the first and last. The tab reached is
 * selected and focused; other keys are left alone. Each tab is a `role="tab"` element of the
 * `role="tablist"` around the one the key was pressed on, and only the selected one is in the Tab
 * order (tabindex 0, the others -1), so Tab goes on to the panel.
 * @param select selects the tab at this index of the list
 */
export function onTabKey(event: KeyboardEvent, select: (index: number) => void): void {
  const tab = event.currentTarget as HTMLElement;
  const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const index = tabs.indexOf(tab);
  if (index < 0) return;
  const next = nextTabIndex(event.key, index, tabs.length);
  if (next === null) return;
  event.preventDefault();
  select(next);
  tabs[next]!.focus();
}

/** The index a tab-list key moves to from `index` among `count` tabs, or null for another key. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
