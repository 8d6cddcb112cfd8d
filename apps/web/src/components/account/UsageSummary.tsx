import { Group, Progress, Stack, Text } from "@mantine/core";
import { formatDate } from "../../lib/dates";
import type { User } from "../../lib/user-type";

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** API calls against the monthly limit (bar capped at 100%), cost this month and budget. */
/** `planDefault`: cents of the plan's default budget, shown while the owner has set none. */
export function UsageSummary({ user, planDefault = 0 }: { user: User; planDefault?: number }) {
  const percent =
    user.monthlyApiLimit > 0
      ? Math.min(100, Math.round((user.monthlyApiUsage / user.monthlyApiLimit) * 100))
      : 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          API usage
        </Text>
        <Text size="sm" c="dimmed">
          {user.monthlyApiUsage} / {user.monthlyApiLimit} calls ({percent}%)
        </Text>
      </Group>
      <Progress
        value={percent}
        color={percent >= 100 ? "red" : percent >= 80 ? "orange" : "indigo"}
        aria-label="API usage"
      />
      <Text size="xs" c="dimmed">
        Resets on {formatDate(user.usageResetDate)}
      </Text>
      <Group gap="xl" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            Cost this month
          </Text>
          <Text fw={600}>{dollars(user.monthlyApiCost)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Monthly budget
          </Text>
          <Text fw={600}>
            {user.monthlyBudget > 0
              ? dollars(user.monthlyBudget)
              : planDefault > 0
                ? `Plan default (${dollars(planDefault)})`
                : "Not set"}
          </Text>
        </div>
      </Group>
    </Stack>
  );
}
