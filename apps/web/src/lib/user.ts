import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "./trpc";

/** Current-user result is kept 5 minutes (spec 1 §9); signed out is `null`, never an error. */
export const USER_STALE_MS = 300_000;

export function useCurrentUser() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.auth.me.queryOptions(), staleTime: USER_STALE_MS });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}

/** Refetches the current user after a change (spec 2 §7: GET /api/auth/user is refetched). */
export function useRefreshUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
}
