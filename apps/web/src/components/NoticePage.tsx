import { Button, Card, Container, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageShell } from "./PageShell";

/** A whole page that says one thing: a record that is missing, or one that failed to load. */
export function NoticePage({
  title,
  text,
  signOutLabel,
  children,
}: {
  title: string;
  text: string;
  signOutLabel?: string;
  /** The ways on: back, try again. */
  children: ReactNode;
}) {
  return (
    <PageShell {...(signOutLabel ? { signOutLabel } : {})}>
      <Container size="sm" py={80}>
        <Card withBorder radius="lg" p="xl" ta="center">
          <Title order={2}>{title}</Title>
          <Text c="dimmed" mt="sm">
            {text}
          </Text>
          <Group justify="center" mt="lg">
            {children}
          </Group>
        </Card>
      </Container>
    </PageShell>
  );
}

interface LoadedRecord {
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  error: { data?: { httpStatus?: number; code?: string } | null } | null;
}

/**
 * The page for a record that did not load, or null when nothing went wrong: '{What} not found' for
 * a bad id or a 404 (missing, or someone else's), else 'Error loading {what}' with Try again (a
 * failure that may pass).
 */
export function LoadFailurePage({
  what,
  query,
  validId,
  backTo,
  signOutLabel,
}: {
  what: "project" | "interview";
  query: LoadedRecord;
  validId: boolean;
  backTo: string;
  signOutLabel?: string;
}) {
  const missing =
    !validId || query.error?.data?.httpStatus === 404 || query.error?.data?.code === "NOT_FOUND";
  const back = (
    <Button variant={missing ? "filled" : "default"} component={Link} to={backTo}>
      Back to Projects
    </Button>
  );
  const label = signOutLabel ? { signOutLabel } : {};
  if (missing) {
    return (
      <NoticePage
        title={`${what[0]?.toUpperCase()}${what.slice(1)} not found`}
        text={`This ${what} does not exist, or you do not have access to it.`}
        {...label}
      >
        {back}
      </NoticePage>
    );
  }
  if (!query.isError) return null;
  return (
    <NoticePage
      title={`Error loading ${what}`}
      text={`The ${what} could not be loaded. Check your connection and try again.`}
      {...label}
    >
      {back}
      <Button loading={query.isFetching} onClick={() => query.refetch()}>
        Try again
      </Button>
    </NoticePage>
  );
}
