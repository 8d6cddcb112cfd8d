import {
  Anchor,
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import {
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconSettings,
  IconShieldLock,
  IconSun,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { logout } from "../lib/logout";
import { useCurrentUser } from "../lib/user";
import { Brand } from "./Brand";
import { HeaderBar } from "./HeaderBar";

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
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  return (
    <HeaderBar wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Brand to="/projects" />
        <Anchor component={Link} to="/projects" c="var(--mantine-color-text)" fw={500} visibleFrom="xs">
          Projects
        </Anchor>
        {user?.isAdmin && (
          <Anchor component={Link} to="/admin" c="var(--mantine-color-text)" fw={500} visibleFrom="xs">
            Admin
          </Anchor>
        )}
        {children}
      </Group>
      {user && (
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            {/* The name is the button's visible text, so it leads the accessible name (WCAG 2.5.3). */}
            <UnstyledButton aria-label={`${name}: User menu`}>
              <Group gap={8} wrap="nowrap">
                <Avatar src={user.profileImageUrl} radius="xl" size="sm" color="indigo" alt="" />
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
            <Menu.Item
              leftSection={scheme === "dark" ? <IconSun size={16} /> : <IconMoon size={16} />}
              onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
            >
              {scheme === "dark" ? "Light mode" : "Dark mode"}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logout}>
              {signOutLabel}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </HeaderBar>
  );
}
