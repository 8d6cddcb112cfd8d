import { Alert, Badge, Box, Card, Center, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { AppHeader } from "../../components/AppHeader";
import { UsageSummary } from "../../components/account/UsageSummary";
import { PayAsYouGo, PlanCards } from "../../components/public/PlanCards";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

export default function UpgradePage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const paid = plans.data?.filter((p) => p.price > 0) ?? [];
  return (
    <Box mih="100vh" bg="gray.0">
      <AppHeader />
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Alert color="yellow" variant="filled" title="Subscription Required">
            Creating projects, interviews and AI content needs an active plan with room left. Choose a plan to
            continue; everything you created stays readable.
          </Alert>
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
            <Center>
              <Loader />
            </Center>
          ) : (
            <PlanCards
              plans={paid}
              popular="pro"
              current={user?.subscriptionStatus === "active" ? user.subscriptionTier : null}
              action={(plan) => ({
                label: `Upgrade to ${plan.name}`,
                onClick: () => navigate(`/subscribe/${plan.id}`),
              })}
            />
          )}
          <PayAsYouGo />
          <Text size="sm" c="dimmed" ta="center">
            Questions about plans? Write to support@parley.app.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
