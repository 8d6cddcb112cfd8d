import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Container,
  List,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { priceLabel } from "../../components/public/PlanCards";
import { PublicLayout } from "../../components/public/PublicLayout";
import { setAuthToken } from "../../lib/auth-token";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

// Card entry loads Stripe's script only when a publishable key is configured.
const StripeCard = lazy(() => import("../../components/public/StripeCard"));
export type ConfirmCard = (clientSecret: string, email: string) => Promise<string | null>;

export default function SubscribePage() {
  const { planId: raw } = useParams();
  // Spec 2 §5: the id must parse to a number ('Invalid Plan'); a number no plan has is 'Plan Not Found'.
  const planId = raw !== undefined && raw.trim() !== "" ? Number(raw) : Number.NaN;
  const valid = Number.isFinite(planId);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const config = useQuery(trpc.billing.config.queryOptions());
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmCard = useRef<ConfirmCard | null>(null);
  const plan = plans.data?.find((p) => p.id === planId);

  useEffect(() => {
    if (valid) return;
    toast({
      title: "Invalid Plan",
      description: "Please select a valid subscription plan",
      variant: "destructive",
    });
    navigate("/pricing", { replace: true });
  }, [valid, navigate]);

  useEffect(() => {
    if (plan && plan.price === 0 && !user) navigate("/register", { replace: true });
  }, [plan, user, navigate]);

  if (!valid || plans.isLoading || config.isLoading) {
    return (
      <PublicLayout>
        <Center py={80}>
          <Loader />
        </Center>
      </PublicLayout>
    );
  }
  if (!plan) {
    return (
      <PublicLayout>
        <Container size="sm" py={80}>
          <Card withBorder radius="lg" p="xl" ta="center">
            <Title order={2}>Plan Not Found</Title>
            <Text c="dimmed" mt="sm">
              This plan does not exist. Choose one on the pricing page.
            </Text>
            <Button mt="lg" onClick={() => navigate("/pricing")}>
              See plans
            </Button>
          </Card>
        </Container>
      </PublicLayout>
    );
  }

  const upgrading = Boolean(user && user.subscriptionTier !== "free");
  const label = `${upgrading ? "Upgrade to" : "Subscribe to"} ${plan.name} - $${plan.price}/month`;
  const stripeMode = config.data?.mode === "stripe" && Boolean(config.data.publishableKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      let billingEmail = user?.email ?? email.trim();
      if (!user) {
        if (!email.trim() || !password) throw new Error("Email and password are required");
        try {
          const result = await client.auth.register.mutate({ email: email.trim(), password });
          setAuthToken(result.token);
          queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
          billingEmail = result.user.email;
        } catch (e) {
          toast({
            title: "Registration failed",
            description: (e as Error).message || "Failed to create account",
            variant: "destructive",
          });
          throw e;
        }
      }
      let result: Awaited<ReturnType<typeof client.billing.subscribe.mutate>>;
      try {
        // With Stripe but no card form here (no publishable key), Stripe's hosted Checkout takes the card.
        result = await client.billing.subscribe.mutate({
          planId,
          checkout: !stripeMode && config.data?.mode === "stripe",
        });
      } catch (e) {
        toast({
          title: "Failed to create subscription",
          description: (e as Error).message,
          variant: "destructive",
        });
        throw e;
      }
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (!result.success) {
        if (!result.clientSecret || !confirmCard.current) {
          toast({
            title: "Failed to create payment intent",
            description: "Please try again.",
            variant: "destructive",
          });
          throw new Error("Failed to create payment intent");
        }
        const cardError = await confirmCard.current(result.clientSecret, billingEmail);
        if (cardError) {
          toast({ title: "Payment failed", description: cardError, variant: "destructive" });
          throw new Error(cardError);
        }
      }
      await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      toast({
        title: result.success ? "Plan Activated" : "Subscription Created",
        description: result.testMode
          ? `${plan.name} is active (test mode: no payment was taken).`
          : result.message,
      });
      navigate("/account");
    } catch (e) {
      setError((e as Error).message || "An error occurred");
    } finally {
      setPending(false);
    }
  };

  return (
    <PublicLayout>
      <Container size="sm" py={48}>
        <Card withBorder radius="lg" p="xl">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={2}>{plan.name} plan</Title>
              <Text fz={24} fw={800}>
                {priceLabel(plan.price)}
              </Text>
              <List
                spacing={4}
                size="sm"
                icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
              >
                {plan.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
              {!user && (
                <>
                  <TextInput
                    label="Email"
                    type="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    autoComplete="email"
                  />
                  <PasswordInput
                    label="Password"
                    required
                    description="Password must be at least 8 characters long"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    autoComplete="new-password"
                  />
                </>
              )}
              {stripeMode && config.data?.publishableKey ? (
                <Suspense fallback={<Loader size="sm" />}>
                  <StripeCard
                    publishableKey={config.data.publishableKey}
                    onReady={(confirm) => (confirmCard.current = confirm)}
                  />
                </Suspense>
              ) : config.data?.mode === "offline" ? (
                <Alert color="blue" variant="light" title="Test mode">
                  Payments are not configured on this server, so subscribing activates the plan at once and no
                  card is charged.
                </Alert>
              ) : (
                <Alert color="blue" variant="light" title="Secure payment">
                  You will continue to Stripe Checkout to enter your card.
                </Alert>
              )}
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" size="md" loading={pending}>
                {label}
              </Button>
              {!user && (
                <Text size="sm" ta="center">
                  Already have an account?{" "}
                  <Anchor
                    component={Link}
                    to="/auth"
                    state={{ from: `/subscribe/${plan.id}` }}
                    underline="always"
                  >
                    Sign in
                  </Anchor>
                </Text>
              )}
            </Stack>
          </form>
        </Card>
      </Container>
    </PublicLayout>
  );
}
