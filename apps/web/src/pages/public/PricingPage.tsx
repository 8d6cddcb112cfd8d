import { Center, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
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
            <Center>
              <Loader />
            </Center>
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
