import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The server's own words for a link it does not know (issue 26). */
export const LINK_NOT_VALID = "This link is not valid, or what it opened has been deleted.";

export function LoadingAnswers() {
  return (
    <Center h="60vh" px="md">
      <Stack align="center" gap="sm" aria-busy="true">
        <Loader />
        <Text>Loading your answers...</Text>
      </Stack>
    </Center>
  );
}

function NoticeCard({ children }: { children: ReactNode }) {
  return (
    <Center py={{ base: 40, sm: 80 }} px="md">
      <Card withBorder radius="lg" p={{ base: "lg", sm: "xl" }} maw={480} w="100%" ta="center">
        <Stack align="center" gap="sm">
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

export function LinkNotValid() {
  return (
    <NoticeCard>
      <ThemeIcon color="gray" variant="light" size={48} radius="xl" aria-hidden>
        <IconLinkOff size={26} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Link not valid
      </Title>
      <Text c="dimmed">{LINK_NOT_VALID}</Text>
    </NoticeCard>
  );
}

export function AnswersLoadFailed({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <NoticeCard>
      <Title order={1} size="h2">
        Your answers could not be loaded
      </Title>
      <Text c="dimmed">{message || "Check your connection and try again."}</Text>
      <Button onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </NoticeCard>
  );
}

export function AnswersDeleted({ usedInDocuments }: { usedInDocuments: boolean }) {
  return (
    <NoticeCard>
      <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
        <IconCircleCheck size={28} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Deleted
      </Title>
      <Text role="status" data-testid="deleted-status">
        Deleted. What you said in this interview, your notes and images are gone from Parley, and this link no
        longer works.
        {usedInDocuments ? " The documents the team made before keep placeholders only." : ""}
      </Text>
      <Text size="sm" c="dimmed">
        The project's owner has been told. You can close this page.
      </Text>
    </NoticeCard>
  );
}
