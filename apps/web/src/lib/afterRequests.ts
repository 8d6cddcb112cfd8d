/**
 * The moment after the requests asked for so far have left. tRPC's batching links send a call from
 * a zero-delay timer set when the call is made, and timers run in the order they were set; a redraw
 * scheduled before then (React renders a store's update in a microtask) would run first and hold the
 * request back by a frame. On the way to the interviewer's first word, the page draws after.
 */
export function afterRequestsLeave(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
