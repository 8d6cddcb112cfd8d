import type { AppRouter } from "@parley/api";
import { MutationCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchStreamLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { authHeaders } from "./auth-token";
import { mutationErrorToast } from "./mutation-errors";
import { toast } from "./toast";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Query defaults of spec 1 §9: no retries, never stale, no refetch on focus, no polling. A failed
 * mutation shows one toast, titled by its `meta` (see mutation-errors.ts), unless it opts out.
 */
export function makeQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        const options = mutationErrorToast(error, mutation.meta);
        if (options) toast(options);
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

const common = {
  url: "/trpc",
  headers: authHeaders,
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: "include" }),
};

/**
 * Plain HTTP for everything (cookies set by a procedure reach the browser), and a streaming link
 * for the calls that ask for it with `context: { stream: true }` (AI replies appear as generated).
 */
export type TrpcClient = ReturnType<typeof makeTrpcClient>;

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.context.stream === true,
        true: httpBatchStreamLink(common),
        false: httpLink(common),
      }),
    ],
  });
}
