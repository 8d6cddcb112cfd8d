import { Container, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ContentSkeleton } from "../../components/ContentSkeleton";
import { PayAsYouGo, PlanCards } from "../../components/public/PlanCards";
import { PublicLayout } from "../../components/public/PublicLayout";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

export default function PricingPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  return (
    <PublicLayout>
      <Container size="lg" py={64}>
        <Stack gap="xl">
          <div style={{ textAlign: "center" }}>
            <Title order={1}>Pricing</Title>
            <Text c="dimmed" mt="sm">
              Start free. Upgrade when your discovery work grows.
            </Text>
          </div>
          {plans.isLoading ? (
            <ContentSkeleton label="Loading plans" height={380} cols={{ base: 1, md: 3 }} />
          ) : plans.data ? (
            <PlanCards
              plans={plans.data}
              current={user?.subscriptionTier}
              action={(plan) =>
                plan.price === 0
                  ? {
                      label: "Get Started Free",
                      onClick: () => {
                        if (user) {
                          toast({
                            title: "You're already signed in",
                            description: "Manage your plan in Account Settings.",
                          });
                          navigate("/account");
                        } else navigate("/auth");
                      },
                    }
                  : { label: "Get Started", onClick: () => navigate(`/subscribe/${plan.id}`) }
              }
            />
          ) : (
            <Text ta="center" c="red">
              Plans could not be loaded. Please try again later.
            </Text>
          )}
          <PayAsYouGo />
        </Stack>
      </Container>
    </PublicLayout>
  );
}
