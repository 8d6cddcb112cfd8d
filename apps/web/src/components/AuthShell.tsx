import { Box, Center, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "./Brand";

/** The centred card the sign-in and password pages share. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id="main-content"
      tabIndex={-1}
      mih="100vh"
      bg="var(--parley-page-bg)"
      py="xl"
      px="md"
    >
      <Center>
        <Stack w="100%" maw={440} gap="lg" align="stretch">
          <Center>
            <Brand />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
