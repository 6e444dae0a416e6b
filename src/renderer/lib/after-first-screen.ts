import { useEffect, useState } from 'react';

// What can wait until the first screen is on display starts only then, so the sign-in form does
// not share the network and the CPU with code it does not run: the other screens' texts and the
// web shell's bridge (main.tsx, once RouteScreen says a screen has committed), and the parts of a
// screen that are drawn beside it but not needed to use it (useAfterCommit).

let markDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** Called once a route's screen is committed (every later call does nothing). */
export function firstScreenDrawn(): void {
  markDrawn();
}

// A task of its own after the commit's: the browser may paint the screen in between, and what
// the task requests is not mistaken for part of the screen (bench/first-screen-browser.ts).
const later = (task: () => void) => setTimeout(task, 0);

/** Runs `task` once the first screen is drawn, in a task of its own. */
export function afterFirstScreen(task: () => void): void {
  void drawn.then(() => later(task));
}

/**
 * False while a component is first drawn, true right after: a lazy part rendered only when it is
 * true has its chunk requested once the rest of the screen is on display, not before.
 */
export function useAfterCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    const timer = later(() => setCommitted(true));
    return () => clearTimeout(timer);
  }, []);
  return committed;
}
