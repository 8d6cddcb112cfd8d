import { useSyncExternalStore } from "react";

/**
 * A reducer whose state lives outside React: async work (a voice turn, a streamed reply) reads the
 * current state with get() instead of a ref mirrored from render, and React re-renders on change.
 */
export interface Store<S, A> {
  get(): S;
  dispatch(action: A): S;
  subscribe(listener: () => void): () => void;
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S): Store<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next !== state) {
        state = next;
        for (const listener of listeners) listener();
      }
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoreState<S, A>(store: Store<S, A>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
