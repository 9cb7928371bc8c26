// scala40 play: the keyboard. Focus is real: in the hand and on the table the arrows,
// Home and End move it from card to card and from meld to meld (one of them takes Tab,
// a roving tabindex), and Enter and Space act on the control that has it, as they do
// on any button. The letters are shortcuts wherever focus is but in the level's list.
"use strict";

// Arrows, Home and End move focus among the buttons of ``group``; ``onMove(index)``
// puts it there. ``onKey(event, index)`` may take the other keys (true: taken).
export function roving(group, onMove, onKey) {
  group.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const items = Array.from(group.querySelectorAll(":scope > button"));
    const at = items.indexOf(document.activeElement);
    if (at < 0 || !items.length) return;
    const to = {
      ArrowRight: (at + 1) % items.length, ArrowDown: (at + 1) % items.length,
      ArrowLeft: (at + items.length - 1) % items.length, ArrowUp: (at + items.length - 1) % items.length,
      Home: 0, End: items.length - 1,
    }[event.key];
    if (to === undefined) {
      if (onKey && onKey(event, at)) { event.preventDefault(); event.stopPropagation(); }
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    onMove(to);
  });
}

// The one button of a group that Tab reaches: ``current``.
export function rove(items, current) {
  items.forEach((el, i) => { el.tabIndex = i === current ? 0 : -1; });
}

// The page's shortcuts: ``keys`` maps a key (a lower-case letter, "Enter", "Escape")
// to what it does. Enter and Space on a control are the control's own; Enter acts
// through ``keys.Enter`` only where no control has focus.
export function shortcuts(keys) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) return;
    const onControl = target && target !== document.body && target !== document.documentElement;
    if ((event.key === "Enter" || event.key === " ") && onControl) return;
    const run = keys[event.key] || keys[event.key.toLowerCase()];
    if (run) { event.preventDefault(); run(event); }
  });
}
