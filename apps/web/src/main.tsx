import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./lib/trpc";
import { theme } from "./theme";

function Root() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
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
