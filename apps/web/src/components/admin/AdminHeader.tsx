import { Anchor, Button, Container, Group, Text } from "@mantine/core";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link } from "react-router";
import { logout } from "../../lib/logout";
import { Brand } from "../Brand";
import { HeaderBar } from "../HeaderBar";

export function AdminHeader() {
  return (
    <HeaderBar>
      <Group gap="lg">
        <Brand to="/admin" />
        <Text fw={600} c="dimmed" visibleFrom="xs">
          Admin
        </Text>
        <Anchor component={Link} to="/projects" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Back to projects
          </Group>
        </Anchor>
      </Group>
      <Button variant="default" size="xs" leftSection={<IconLogout size={14} />} onClick={logout}>
        Sign out
      </Button>
    </HeaderBar>
  );
}

export function AccessDenied({ text }: { text: string }) {
  return (
    <Container component="main" id="main-content" tabIndex={-1} size="sm" py={80} ta="center">
      <Text fz={28} fw={700}>
        Access Denied
      </Text>
      <Text c="dimmed" mt="sm">
        {text}
      </Text>
      <Button component={Link} to="/" mt="lg">
        Go back
      </Button>
    </Container>
  );
}
