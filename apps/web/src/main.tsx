import "@fontsource-variable/inter/wght.css";
import "./mantine.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, startTransition, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { SkipLink } from "./components/SkipLink";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./lib/trpc";
import { prefetchShareLink } from "./pages/participant/prefetch";
import { cssVariablesResolver, theme } from "./theme";

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

function Root() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  useState(() => prefetchShareLink(queryClient, trpcClient, window.location.pathname));
  useNotificationHotkey();
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <SkipLink />
        <ToastRegion />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

// The first render as a transition: React renders it in slices of about 5 ms and lets the browser
// run between them, rather than in one long task (on a slow phone's CPU, 100 ms and more of input
// delay; issue 34's Total Blocking Time).
const container = document.getElementById("root");
if (container) {
  const root = createRoot(container);
  startTransition(() => root.render(<Root />));
}
