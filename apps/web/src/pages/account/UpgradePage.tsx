import { Alert, Badge, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { UsageSummary } from "../../components/account/UsageSummary";
import { ContentSkeleton } from "../../components/ContentSkeleton";
import { PageShell } from "../../components/PageShell";
import { PayAsYouGo, PlanCards } from "../../components/public/PlanCards";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

/** The plan the user pays for now: offering an "upgrade" to it would sell them what they have. */
const isCurrentPlan = (user: { subscriptionTier: string; subscriptionStatus: string } | null, name: string) =>
  user?.subscriptionStatus === "active" && user.subscriptionTier === name.toLowerCase();

export default function UpgradePage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const paid = plans.data?.filter((p) => p.price > 0) ?? [];
  return (
    <PageShell>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          {/* Only a canceled subscription is "required": an active Basic user came here to upgrade. */}
          {user?.subscriptionStatus === "canceled" ? (
            <Alert color="yellow" variant="filled" title="Subscription Required">
              Creating projects, interviews and AI content needs an active plan with room left. Choose a plan
              to continue; everything you created stays readable.
            </Alert>
          ) : (
            <Title order={1}>Upgrade your plan</Title>
          )}
          {user && (
            <Card withBorder radius="lg" p="lg">
              <Group justify="space-between" mb="sm">
                <Title order={4}>Your current plan</Title>
                <Group gap="xs">
                  <Badge tt="capitalize">{user.subscriptionTier}</Badge>
                  <Badge color={user.subscriptionStatus === "active" ? "green" : "red"} variant="light">
                    {user.subscriptionStatus}
                  </Badge>
                </Group>
              </Group>
              <UsageSummary user={user} />
            </Card>
          )}
          {plans.isLoading ? (
            <ContentSkeleton label="Loading plans" count={2} height={380} cols={{ base: 1, md: 2 }} />
          ) : (
            <PlanCards
              plans={paid}
              popular="pro"
              current={user?.subscriptionStatus === "active" ? user.subscriptionTier : null}
              action={(plan) =>
                isCurrentPlan(user, plan.name)
                  ? { label: "Current Plan", onClick: () => {}, disabled: true }
                  : { label: `Upgrade to ${plan.name}`, onClick: () => navigate(`/subscribe/${plan.id}`) }
              }
            />
          )}
          <PayAsYouGo />
          <Text size="sm" c="dimmed" ta="center">
            Questions about plans? Write to support@parley.app.
          </Text>
        </Stack>
      </Container>
    </PageShell>
  );
}
