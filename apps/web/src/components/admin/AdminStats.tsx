import { Card, Loader, SimpleGrid, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { usd } from "./budget";

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Card withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={800} c={color}>
        {value}
      </Text>
    </Card>
  );
}

export function AdminStats() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  if (!stats.data) return <Loader size="sm" />;
  const s = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
      <Stat label="Total users" value={String(s.totalUsers)} />
      <Stat label="Active subscriptions" value={String(s.activeSubscriptions)} />
      <Stat label="Monthly revenue" value={usd(s.monthlyRevenue)} />
      <Stat label="API calls today" value={String(s.apiCallsToday)} />
      <Stat label="API calls this month" value={String(s.apiCallsThisMonth)} />
      <Stat label="Est. monthly AI cost" value={usd(s.estimatedMonthlyCost)} />
      <Stat
        label="Profit margin"
        value={usd(s.profitMargin)}
        color={s.profitMargin >= 0 ? "green.7" : "red.7"}
      />
    </SimpleGrid>
  );
}
