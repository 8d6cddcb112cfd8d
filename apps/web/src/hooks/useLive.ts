import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the page is the HTML the server sent (and while React hydrates it), true once React
 * runs it: a prerendered form's submit waits for this, so a press before then does not reload the
 * page and lose what was typed (issue 34). A page rendered in the browser is live from its first render.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
