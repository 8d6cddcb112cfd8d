import type { ToastOptions } from "./toast";

/**
 * What a mutation tells the one error handler on the query client (`meta` of `useMutation`).
 * A failed mutation shows a destructive toast: this title, and the server's message as its text.
 * A type, not an interface: TanStack Query takes the registered meta only if it is a Record.
 */
export type MutationErrorMeta = {
  /** The toast's title, as the spec names it; 'An error occurred' when not given. */
  errorTitle?: string;
  /** A fixed text instead of the server's message (the spec's wording for that failure). */
  errorDescription?: string;
  /** The text when the server's message is empty. */
  errorFallback?: string;
  /** false: the mutation shows its failure itself (inline, or a toast that depends on the error). */
  errorToast?: false;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** The toast for a failed mutation, or null when the mutation shows its failure itself. */
export function mutationErrorToast(
  error: { message: string },
  meta: MutationErrorMeta | undefined,
): ToastOptions | null {
  if (meta?.errorToast === false) return null;
  return {
    title: meta?.errorTitle ?? "An error occurred",
    description: meta?.errorDescription ?? (error.message || meta?.errorFallback),
    variant: "destructive",
  };
}
