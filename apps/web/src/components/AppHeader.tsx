import { Anchor, Avatar, Box, Container, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconSettings, IconShieldLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { logout } from "../lib/logout";
import { useCurrentUser } from "../lib/user";
import { Brand } from "./Brand";

/** The signed-in header: brand, optional links, and the user menu (spec 1 §2). */
export function AppHeader({
  children,
  signOutLabel = "Log out",
}: {
  children?: ReactNode;
  signOutLabel?: string;
}) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || user?.email || "";
  return (
    <Box component="header" bg="white" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Brand to="/projects" />
            <Anchor component={Link} to="/projects" c="dark" fw={500} visibleFrom="xs">
              Projects
            </Anchor>
            {user?.isAdmin && (
              <Anchor component={Link} to="/admin" c="dark" fw={500} visibleFrom="xs">
                Admin
              </Anchor>
            )}
            {children}
          </Group>
          {user && (
            <Menu position="bottom-end" width={220} shadow="md">
              <Menu.Target>
                <UnstyledButton aria-label="User menu">
                  <Group gap={8} wrap="nowrap">
                    <Avatar src={user.profileImageUrl} radius="xl" size="sm" color="indigo">
                      {name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
                      {name}
                    </Text>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate("/account")}>
                  Account Settings
                </Menu.Item>
                {user.isAdmin && (
                  <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => navigate("/admin")}>
                    Admin Dashboard
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logout}>
                  {signOutLabel}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Container>
    </Box>
  );
}
