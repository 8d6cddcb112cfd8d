import type { AppRouter } from "@parley/api";
import type { QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

const SHARE_LINK_PATH = /^\/interview\/([^/]+)\/?$/;

/**
 * On a share link, the page's first call (participant.open) starts as the app boots, while the
 * participant page's own chunk is still on its way, instead of after it: on a phone's network that is
 * one round trip less before the welcome screen. The page's query then finds it in the cache.
 */
export function prefetchShareLink(queryClient: QueryClient, client: TRPCClient<AppRouter>, pathname: string) {
  const match = SHARE_LINK_PATH.exec(pathname);
  if (!match?.[1]) return;
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  void queryClient.prefetchQuery(
    trpc.participant.open.queryOptions({ shareLink: decodeURIComponent(match[1]) }),
  );
}
