import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconMessages } from "@tabler/icons-react";
import { Link } from "react-router";

export function Brand({ to = "/" }: { to?: string }) {
  return (
    <Group
      gap={8}
      renderRoot={(props) => <Link to={to} {...props} />}
      style={{ textDecoration: "none", color: "inherit" }}
    >
      <ThemeIcon size="lg" radius="md" variant="filled">
        <IconMessages size={20} />
      </ThemeIcon>
      <Text fw={800} fz="xl">
        Parley
      </Text>
    </Group>
  );
}
