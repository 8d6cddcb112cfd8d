import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/user";
import { Brand } from "../Brand";
import { HeaderBar } from "../HeaderBar";

export const SUPPORT_EMAIL = "support@parley.app";

export function PublicHeader() {
  const { user } = useCurrentUser();
  return (
    <HeaderBar size="lg">
      <Brand />
      <Group gap="sm">
        <Anchor component={Link} to="/documentation" c="var(--mantine-color-text)" size="sm" visibleFrom="xs">
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
    </HeaderBar>
  );
}

type FooterLink = { label: string; to: string } | { label: string; href: string };

const FOOTER_COLUMNS: Array<{ title: string; links: FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "Pricing", to: "/pricing" },
      { label: "Projects", to: "/projects" },
      { label: "Account", to: "/account" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Contact support", href: `mailto:${SUPPORT_EMAIL}` },
      { label: "Help centre", href: `mailto:${SUPPORT_EMAIL}?subject=Help%20centre` },
      { label: "Documentation", to: "/documentation" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms and Conditions", to: "/terms-conditions" },
      { label: "Policies and Disclaimers", to: "/policies-disclaimers" },
    ],
  },
];

const thisYear = () => new Date().getFullYear();
const noUpdates = () => () => {};
/**
 * The year of the HTML being hydrated: the build's, for a page rendered at build time (#root's
 * `data-year`, written with it). Hydrated with it, the footer matches that HTML; React then renders it
 * again with this year, should the two differ.
 */
const renderedYear = () =>
  Number(typeof document === "undefined" ? undefined : document.getElementById("root")?.dataset.year) ||
  thisYear();

export function Footer() {
  const year = useSyncExternalStore(noUpdates, thisYear, renderedYear);
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
              © {year} Parley Labs LLC. All rights reserved.
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text c="white" fw={600} size="sm">
                {column.title}
              </Text>
              {column.links.map((link) =>
                "to" in link ? (
                  <Anchor key={link.label} component={Link} to={link.to} c="gray.4" size="sm">
                    {link.label}
                  </Anchor>
                ) : (
                  <Anchor key={link.label} href={link.href} c="gray.4" size="sm">
                    {link.label}
                  </Anchor>
                ),
              )}
            </Stack>
          ))}
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
