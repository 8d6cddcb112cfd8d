import "@fontsource-variable/inter/wght.css";
import "./mantine.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import type { AppRouter } from "@parley/api";
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { makeQueryClient, makeTrpcClient, type TrpcClient } from "./lib/trpc";
import { USER_STALE_MS } from "./lib/user";
import { prefetchShareLink } from "./pages/participant/prefetch";
import { Root } from "./Root";

const queryClient = makeQueryClient();
const trpcClient = makeTrpcClient();
prefetchShareLink(queryClient, trpcClient, window.location.pathname);

const app = (
  <Root
    queryClient={queryClient}
    trpcClient={trpcClient}
    router={(children) => <BrowserRouter>{children}</BrowserRouter>}
  />
);

/**
 * Whether the visitor is signed out, asked of the server (the page asked for this call with itself,
 * so its answer is usually here already): the current user is then in the cache, as the pages read it.
 * A failed call counts as not known.
 */
async function signedOut(queryClient: QueryClient, client: TrpcClient) {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  try {
    const user = await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: USER_STALE_MS });
    return user === null;
  } catch {
    return false;
  }
}

/**
 * A page the server sent as HTML (the landing and sign-in pages, to a visitor without a session) is
 * hydrated: React takes over the markup the browser already shows. That markup is what a signed-out
 * visitor sees, so it is hydrated only once the current user is known to be nobody; a signed-in user
 * (or an unknown one) gets the app rendered afresh, which replaces it. Either way the first render is
 * a transition: React renders it in slices of about 5 ms and lets the browser run between them,
 * rather than in one long task (on a slow phone's CPU, 100 ms and more of input delay; issue 34's
 * Total Blocking Time).
 */
async function start(container: HTMLElement) {
  // The app server chose the page by its URL (apps/api/src/web-static.ts, prerenderedPageAt).
  if (container.dataset.prerendered && (await signedOut(queryClient, trpcClient))) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

const container = document.getElementById("root");
if (container) void start(container);
