import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AccessTokensCard } from "../../components/account/AccessTokensCard";
import { dollars as formatDollars, UsageSummary } from "../../components/account/UsageSummary";
import { PageLoader } from "../../components/PageLoader";
import { PageShell } from "../../components/PageShell";
import { ProfileFieldRow } from "../../components/ProfileFieldRow";
import { PlanCards } from "../../components/public/PlanCards";
import { TypeDeleteDialog } from "../../components/TypeDeleteDialog";
import { setAuthToken } from "../../lib/auth-token";
import { formatDate, formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser, useRefreshUser } from "../../lib/user";

function BudgetCard() {
  const trpc = useTRPC();
  const refreshUser = useRefreshUser();
  const budget = useQuery(trpc.billing.budget.queryOptions());
  const planDefault = budget.data?.planDefault ?? 0;
  const [dollars, setDollars] = useState<string | number>("");
  const [alerts, setAlerts] = useState(false);
  const [at80, setAt80] = useState(true);
  const [at100, setAt100] = useState(true);
  useEffect(() => {
    if (!budget.data) return;
    setDollars(budget.data.monthlyBudget ? budget.data.monthlyBudget / 100 : "");
    setAlerts(budget.data.budgetAlerts);
    setAt80(budget.data.alertThreshold80);
    setAt100(budget.data.alertThreshold100);
  }, [budget.data]);
  const save = useMutation(
    trpc.billing.setBudget.mutationOptions({
      onSuccess: () => {
        refreshUser();
        toast({ title: "Budget Updated", description: "Your budget settings were saved." });
      },
      meta: { errorTitle: "Error", errorDescription: "Failed to update budget settings" },
    }),
  );
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={3}>Budget Management</Title>
      <Text size="sm" c="dimmed" mb="md">
        Cap what you spend above your plan's included AI usage each month.{" "}
        {planDefault > 0
          ? `Leave empty to keep your plan's default cap of ${formatDollars(planDefault)}; enter more to raise it.`
          : "Leave empty for no budget."}
      </Text>
      {budget.isLoading ? (
        <Loader size="sm" />
      ) : (
        <Stack>
          <NumberInput
            label="Monthly budget (USD)"
            placeholder={planDefault > 0 ? `Plan default: ${formatDollars(planDefault)}` : "No budget"}
            min={0}
            step={0.01}
            decimalScale={2}
            prefix="$"
            value={dollars}
            onChange={setDollars}
            maw={260}
          />
          <Switch
            label="Email me budget alerts"
            checked={alerts}
            onChange={(e) => setAlerts(e.currentTarget.checked)}
          />
          {alerts && (
            <Stack gap="xs" pl="lg">
              <Switch
                label="Alert at 80% of my budget"
                checked={at80}
                onChange={(e) => setAt80(e.currentTarget.checked)}
              />
              <Switch
                label="Alert at 100% of my budget"
                checked={at100}
                onChange={(e) => setAt100(e.currentTarget.checked)}
              />
            </Stack>
          )}
          <Button
            w="fit-content"
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                // USD in, whole cents stored; empty counts as 0.
                monthlyBudget: dollars === "" ? 0 : Math.round(Number(dollars) * 100),
                budgetAlerts: alerts,
                alertThreshold80: at80,
                alertThreshold100: at100,
              })
            }
          >
            Save Budget
          </Button>
        </Stack>
      )}
    </Card>
  );
}

export default function AccountPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  const { user, isLoading } = useCurrentUser();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const budget = useQuery(trpc.billing.budget.queryOptions());
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const cancel = useMutation(
    trpc.billing.cancel.mutationOptions({
      onSuccess: () => {
        setConfirmCancel(false);
        refreshUser();
        toast({
          title: "Subscription cancelled successfully",
          description: "You can still view everything you created.",
        });
      },
      onError: (error) => {
        setConfirmCancel(false);
        if (error.message.includes("already canceled")) {
          toast({ title: "Already Canceled", description: "Your subscription was already canceled." });
          refreshUser();
          return;
        }
        toast({ title: "Failed to cancel subscription", description: error.message, variant: "destructive" });
      },
      // An already canceled plan is news, not a failure.
      meta: { errorToast: false },
    }),
  );
  // The account page's reading of POST /api/create-subscription (spec 2 §7): with Stripe the answer
  // carries checkoutUrl and the browser goes there; offline billing activates the plan at once.
  const upgrade = useMutation(
    trpc.billing.subscribe.mutationOptions({
      onSuccess: (result, { planId }) => {
        if (result.checkoutUrl) {
          window.location.assign(result.checkoutUrl);
          return;
        }
        if (!result.success) {
          navigate(`/subscribe/${planId}`); // a card to confirm on the subscribe page
          return;
        }
        refreshUser();
        toast({ title: "Plan Activated", description: result.message });
      },
      meta: { errorTitle: "Failed to start subscription process" },
    }),
  );
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    // Back from Stripe Checkout: the webhook moves the plan; show where things stand.
    const outcome = params.get("checkout");
    if (!outcome) return;
    if (outcome === "success") {
      refreshUser();
      toast({
        title: "Subscription started",
        description: "Your plan is updated as soon as Stripe confirms it.",
      });
    }
    setParams({}, { replace: true });
  }, [params, setParams, refreshUser]);
  const remove = useMutation(
    trpc.auth.deleteAccount.mutationOptions({
      onSuccess: () => {
        setAuthToken(null);
        queryClient.setQueryData(trpc.auth.me.queryKey(), null);
        toast({ title: "Account Deleted", description: "Your account and data were deleted." });
        navigate("/auth");
      },
      meta: { errorTitle: "Failed to delete account" },
    }),
  );

  if (isLoading || !user) {
    return <PageLoader label="Loading account" />;
  }
  const canCancel =
    user.subscriptionTier !== "free" &&
    (user.subscriptionStatus === "active" || user.subscriptionStatus === "incomplete");

  return (
    <PageShell>
      <Container size="lg" py="xl">
        <Group justify="space-between" mb="lg">
          <Title order={1}>Account Settings</Title>
          <Group gap="md">
            <Anchor component={Link} to="/projects">
              Projects
            </Anchor>
            <Anchor component={Link} to="/">
              Home
            </Anchor>
          </Group>
        </Group>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="lg" p="lg">
              <Title order={3} mb="md">
                Profile Information
              </Title>
              <Stack gap="xs">
                <ProfileFieldRow label="Email" value={user.email} />
                <ProfileFieldRow label="User ID" value={user.id} />
                <ProfileFieldRow label="Member since" value={formatDate(user.createdAt)} />
                <ProfileFieldRow label="Last updated" value={formatDateTime(user.updatedAt)} />
              </Stack>
            </Card>
            <Card withBorder radius="lg" p="lg">
              <Group justify="space-between" mb="md">
                <Title order={3}>Usage & Billing</Title>
                <Group gap="xs">
                  <Badge tt="capitalize">{user.subscriptionTier}</Badge>
                  <Badge color={user.subscriptionStatus === "active" ? "green" : "gray"} variant="light">
                    {user.subscriptionStatus === "active" ? "Active" : "Inactive"}
                  </Badge>
                </Group>
              </Group>
              <UsageSummary user={user} planDefault={budget.data?.planDefault} />
              {user.subscriptionTier !== "free" && user.subscriptionStatus === "active" && (
                <Button mt="md" variant="light" color="red" size="xs" onClick={() => setConfirmCancel(true)}>
                  Cancel Subscription
                </Button>
              )}
            </Card>
          </SimpleGrid>
          <BudgetCard />
          <AccessTokensCard />
          <Card withBorder radius="lg" p="lg">
            <Title order={3} mb="md">
              Upgrade Your Plan
            </Title>
            {plans.data && (
              <PlanCards
                plans={plans.data}
                current={user.subscriptionTier}
                action={(plan) => {
                  const current = plan.name.toLowerCase() === user.subscriptionTier;
                  return {
                    label: current ? "Current Plan" : plan.price === 0 ? "Free" : `Upgrade to ${plan.name}`,
                    disabled: current || plan.price === 0 || upgrade.isPending,
                    onClick: () => upgrade.mutate({ planId: plan.id, checkout: true }),
                  };
                }}
              />
            )}
          </Card>
          <Card withBorder radius="lg" p="lg" style={{ borderColor: "var(--mantine-color-red-3)" }}>
            <Title order={3}>Account Settings</Title>
            <Group mt="md">
              <Button variant="default" disabled={!canCancel} onClick={() => setConfirmCancel(true)}>
                Cancel Plan
              </Button>
              <Button color="red" onClick={() => setDeleting(true)}>
                Delete Account
              </Button>
            </Group>
          </Card>
        </Stack>
      </Container>

      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="Cancel your subscription?">
        <Text size="sm">
          You keep read access to everything, but cannot create new projects, interviews or AI content.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmCancel(false)}>
            Keep plan
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel Subscription
          </Button>
        </Group>
      </Modal>
      <TypeDeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete your account?"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ confirmDelete: true })}
      >
        <Text size="sm">
          All your projects, interviews, transcripts, summaries, requirements and prompts will be deleted, and
          any active subscription canceled. This cannot be undone.
        </Text>
      </TypeDeleteDialog>
    </PageShell>
  );
}
