/**
 * The build's server-side entry (`vite build --ssr src/prerender.tsx`): the public pages as HTML, as
 * a signed-out visitor sees them, for apps/web/build/prerenderPages.ts to write into their route pages.
 * Nothing here runs in the browser.
 */
import { ColorSchemeScript } from "@mantine/core";
import type { AppRouter } from "@parley/api";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { makeQueryClient, makeTrpcClient } from "./lib/trpc";
import { PRERENDERED_PAGES, type PrerenderedPage } from "./prerendered";
import { Root } from "./Root";
import { DEFAULT_COLOR_SCHEME } from "./theme";

export { PRERENDERED_PAGES };

/**
 * The script that sets Mantine's colour scheme on <html> before the first paint (the saved choice,
 * else the system's), as MantineProvider would once the app runs: the HTML is drawn in the right
 * colours from the start.
 */
export const colorSchemeScript = () =>
  renderToStaticMarkup(<ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} />);

/**
 * The markup of #root for a page: the app at the page's URL with nobody signed in, every lazy part
 * loaded. Data the server holds (the plans, the sign-in providers) is not known here: those parts
 * render as they do while it loads, as the browser's first render of the same page does.
 */
export async function renderPage(page: PrerenderedPage): Promise<string> {
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.auth.me.queryKey(), null);
  const { prelude } = await prerender(
    <Root
      queryClient={queryClient}
      trpcClient={trpcClient}
      router={(children) => <StaticRouter location={PRERENDERED_PAGES[page]}>{children}</StaticRouter>}
    />,
  );
  return new Response(prelude).text();
}
