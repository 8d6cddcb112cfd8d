import {
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconCopy, IconLock } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { copyText } from "../../lib/download";
import { usePrivateLink } from "./usePrivateLink";

const COPIED_MS = 2000;

/**
 * After the interview: the participant's private link to see what they said and delete it
 * (issue 26), with Copy. The link is made once; a failure offers to try again.
 */
export function PrivateLinkCard({ interviewId }: { interviewId: number }) {
  const { url, loading, error, canRetry, retry } = usePrivateLink(interviewId);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Card withBorder radius="md" p="md" bg="var(--mantine-color-indigo-light)" data-testid="private-link">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="white" radius="xl" size="lg" aria-hidden>
            <IconLock size={18} />
          </ThemeIcon>
          <Title order={3} size="h4">
            Your private link
          </Title>
        </Group>
        <Text size="sm">
          Open it any time to see what you said, or to delete it. Keep it private: anyone who has it can read
          your answers. Deleting works once; after that the link stops working.
        </Text>
        {error ? (
          <Alert color="red" variant="light" title="Your private link could not be made" role="alert">
            <Text size="sm">{error}</Text>
            {canRetry && (
              <Button mt="xs" size="xs" color="red" loading={loading} onClick={retry}>
                Try again
              </Button>
            )}
          </Alert>
        ) : loading || !url ? (
          <Stack gap={6} aria-busy="true">
            <Text size="sm" c="dimmed">
              Making your private link…
            </Text>
            <Skeleton h={36} />
          </Stack>
        ) : (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Private link"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant={copied ? "light" : "filled"}
              color={copied ? "green" : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={async () => setCopied(await copyText(url))}
            >
              {copied ? "Copied" : "Copy"}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
