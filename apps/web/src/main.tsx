import "@fontsource-variable/inter/wght.css";
import "./mantine.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { SkipLink } from "./components/SkipLink";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./lib/trpc";
import { cssVariablesResolver, theme } from "./theme";

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
  useNotificationHotkey();
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
        <SkipLink />
        <Notifications limit={1} autoClose={5000} position="top-right" />
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

const container = document.getElementById("root");
if (container) createRoot(container).render(<Root />);
