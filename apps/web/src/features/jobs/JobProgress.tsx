import { Alert, Button, Card, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { FollowedJob } from "./followedJobs";
import type { Job } from "./useJob";

function elapsedLabel(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60
    ? `${seconds}s`
    : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}

function useNow(active: boolean) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * A followed job as the owner sees it: its step, done/total and the time it has taken, with Cancel
 * (stops following; the jobs API has no server-side cancel); a failure shows the job's error with
 * Try again.
 */
export function JobProgress({
  label,
  followed,
  job,
  lostError,
  onCancel,
  onRetry,
}: {
  /** What the job makes, e.g. "Summarizing interviews". */
  label: string;
  followed: FollowedJob;
  job: Job | undefined;
  lostError: string | null;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const failed = job?.status === "failed" || Boolean(lostError);
  const now = useNow(!failed);
  if (failed) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={`${label} failed`}
        data-job-status="failed"
      >
        <Stack gap="xs">
          <Text size="sm">{job?.error ?? lostError ?? "The job stopped without a result."}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={onRetry}>
              Try again
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Dismiss
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const status = job?.status ?? "queued";
  const { done = 0, total = 0, step = "" } = job?.progress ?? {};
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const stepText = status === "queued" ? "Waiting to start" : step || "Working";
  return (
    <Card withBorder radius="md" p="md" role="status" aria-live="polite" data-job-status={status}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Loader size="xs" />
            <Text fw={600} size="sm" truncate>
              {label}
            </Text>
          </Group>
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
        <Progress
          value={status === "queued" ? 0 : percent}
          animated={status === "running"}
          aria-label={`${label}: ${percent}%`}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="job-step">
            {stepText}
            {total > 0 ? ` · ${done} of ${total}` : ""}
          </Text>
          <Text size="xs" c="dimmed">
            {elapsedLabel(now - followed.startedAt)} elapsed
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
