import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useState } from "react";
import { App } from "./App";
import { SkipLink } from "./components/SkipLink";
import { TRPCProvider, type TrpcClient } from "./lib/trpc";
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from "./theme";

/**
 * The toasts' region, with its transitions and scroll lock, loads with the first toast rather than
 * with every page: `notifications.show()` only writes to the store, which the region reads once there.
 */
const ToastRegionView = lazy(() => import("./components/ToastRegionView"));
function ToastRegion() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  );
}

/** F8 moves keyboard focus to the notification region (spec 1 §9). */
function useNotificationHotkey() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "F8") return;
      const region = document.querySelector<HTMLElement>(".mantine-Notifications-root");
      if (!region) return;
      event.preventDefault();
      region.tabIndex = -1;
      region.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/**
 * The whole app under its providers, inside a router: the browser's (main.tsx) or, for the pages
 * rendered to HTML at build time (prerender.tsx), a static one at the page's URL.
 */
export function Root(props: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  router: (app: ReactNode) => ReactNode;
}) {
  useNotificationHotkey();
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
        cssVariablesResolver={cssVariablesResolver}
      >
        <SkipLink />
        <ToastRegion />
        <QueryClientProvider client={props.queryClient}>
          <TRPCProvider trpcClient={props.trpcClient} queryClient={props.queryClient}>
            {props.router(<App />)}
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
