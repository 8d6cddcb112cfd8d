import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/user";
import { Brand } from "../Brand";

export const SUPPORT_EMAIL = "support@parley.app";

export function PublicHeader() {
  const { user } = useCurrentUser();
  return (
    <Box
      component="header"
      bg="var(--parley-surface)"
      style={{ borderBottom: "1px solid var(--parley-border)" }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between">
          <Brand />
          <Group gap="sm">
            <Anchor
              component={Link}
              to="/documentation"
              c="var(--mantine-color-text)"
              size="sm"
              visibleFrom="xs"
            >
              Documentation
            </Anchor>
            <Anchor component={Link} to="/pricing" c="var(--mantine-color-text)" size="sm" visibleFrom="xs">
              Pricing
            </Anchor>
            {user ? (
              <Button component={Link} to="/projects" size="sm">
                My Projects
              </Button>
            ) : (
              <Button component={Link} to="/auth" size="sm" variant="default">
                Sign In
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

export function Footer() {
  return (
    <Box component="footer" bg="gray.9" c="gray.4" py={48} mt="auto">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text c="white" fw={700}>
              Parley
            </Text>
            <Text size="sm">AI stakeholder interviews that become requirements.</Text>
            <Text size="xs" mt="sm">
              © {new Date().getFullYear()} Parley Labs LLC. All rights reserved.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text c="white" fw={600} size="sm">
              Product
            </Text>
            <Anchor component={Link} to="/pricing" c="gray.4" size="sm">
              Pricing
            </Anchor>
            <Anchor component={Link} to="/projects" c="gray.4" size="sm">
              Projects
            </Anchor>
            <Anchor component={Link} to="/account" c="gray.4" size="sm">
              Account
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text c="white" fw={600} size="sm">
              Support
            </Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} c="gray.4" size="sm">
              Contact support
            </Anchor>
            <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=Help%20centre`} c="gray.4" size="sm">
              Help centre
            </Anchor>
            <Anchor component={Link} to="/documentation" c="gray.4" size="sm">
              Documentation
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text c="white" fw={600} size="sm">
              Legal
            </Text>
            <Anchor component={Link} to="/privacy-policy" c="gray.4" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms-conditions" c="gray.4" size="sm">
              Terms and Conditions
            </Anchor>
            <Anchor component={Link} to="/policies-disclaimers" c="gray.4" size="sm">
              Policies and Disclaimers
            </Anchor>
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <PublicHeader />
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1 }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
