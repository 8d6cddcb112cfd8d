import { Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { IconCheck } from "@tabler/icons-react";

export type Plan = RouterOutputs["billing"]["plans"][number];

export const priceLabel = (price: number) => (price === 0 ? "Free" : `$${price} /month`);

/**
 * Plan cards (spec 1 §2, spec 2 §2.5–§2.8): features from the server, one plan flagged
 * 'Most Popular', the current plan marked, and a button per plan chosen by the page.
 */
export function PlanCards({
  plans,
  popular = "basic",
  current,
  action,
}: {
  plans: Plan[];
  popular?: string;
  current?: string | null;
  action: (plan: Plan) => { label: string; onClick: () => void; disabled?: boolean; variant?: string };
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(3, plans.length) }} spacing="lg">
      {plans.map((plan) => {
        const isPopular = plan.name.toLowerCase() === popular;
        const isCurrent = current?.toLowerCase() === plan.name.toLowerCase();
        const button = action(plan);
        return (
          <Card
            key={plan.id}
            withBorder
            radius="lg"
            padding="xl"
            shadow={isPopular ? "md" : undefined}
            style={isPopular ? { borderColor: "var(--mantine-color-indigo-5)", borderWidth: 2 } : undefined}
            data-plan={plan.name}
          >
            <Stack gap="sm" h="100%">
              {isPopular && (
                <Badge color="indigo" variant="filled" w="fit-content">
                  Most Popular
                </Badge>
              )}
              {isCurrent && (
                <Badge color="green" variant="light" w="fit-content">
                  Current Plan
                </Badge>
              )}
              {/* The Free plan's name is its price: one "Free", not "Free / Free". */}
              {plan.name === priceLabel(plan.price) ? (
                <Title order={3} fz={28} fw={800}>
                  {plan.name}
                </Title>
              ) : (
                <>
                  <Title order={3}>{plan.name}</Title>
                  <Text fz={28} fw={800}>
                    {priceLabel(plan.price)}
                  </Text>
                </>
              )}
              <List
                spacing={6}
                size="sm"
                icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
                style={{ flex: 1 }}
              >
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button
                fullWidth
                mt="md"
                variant={button.variant ?? (isPopular ? "filled" : "light")}
                disabled={button.disabled}
                onClick={button.onClick}
              >
                {button.label}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function PayAsYouGo() {
  return (
    <Card withBorder radius="lg" p="lg" bg="var(--mantine-color-indigo-light)">
      <Title order={4}>Pay as you go</Title>
      <Text size="sm" mt={4}>
        Basic and Pro include AI usage enough for 20-minute interviews, processing, summaries and results.
        Above the included amount you pay only for what you use, billed at the end of the month. You get email
        alerts at 80% and 100% of your limit, and can set a monthly budget in Account Settings.
      </Text>
    </Card>
  );
}
