import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "../../components/AuthShell";
import { useLive } from "../../hooks/useLive";
import { setAuthToken } from "../../lib/auth-token";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { EmailField, PasswordField } from "./fields";

type Mode = "login" | "register";

export default function AuthPage() {
  // Sent as HTML before the app runs (issue 34): nothing typed or submitted until React runs the
  // form, since what was typed into the bare HTML would be lost when React takes it over.
  const live = useLive();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "register" ? "register" : "login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const providers = useQuery(trpc.auth.providers.queryOptions());

  const signedIn = (result: { user: unknown; token: string }) => {
    setAuthToken(result.token);
    queryClient.setQueryData(trpc.auth.me.queryKey(), result.user as never);
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== "/auth" ? from : "/", { replace: true });
  };

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (result) => {
        toast({ title: "Welcome back!", description: "You are signed in." });
        signedIn(result);
      },
      onError: (error) => setFormError(error.message || "Invalid email or password"),
      meta: { errorTitle: "Login failed", errorFallback: "Invalid email or password" },
    }),
  );
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (result) => {
        toast({ title: "Account created!", description: "Welcome to Parley." });
        signedIn(result);
      },
      onError: (error) => setFormError(error.message || "Failed to create account"),
      meta: { errorTitle: "Registration failed", errorFallback: "Failed to create account" },
    }),
  );
  const pending = login.isPending || register.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!email.trim() || !password) {
      setFormError("Email and password are required");
      return;
    }
    if (mode === "login") {
      login.mutate({ email: email.trim(), password });
      return;
    }
    if (password.length < 8) {
      setFormError("Password must be at least 8 characters long");
      return;
    }
    register.mutate({
      email: email.trim(),
      password,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
    });
  };

  return (
    <AuthShell>
      <Stack gap="md">
        <div>
          <Title order={2}>{mode === "login" ? "Welcome back" : "Create your account"}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {mode === "login"
              ? "Sign in to run stakeholder interviews and turn them into requirements."
              : "Start discovering what your stakeholders need, for free."}
          </Text>
        </div>
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            setFormError(null);
          }}
          data={[
            { label: "Sign In", value: "login" },
            { label: "Register", value: "register" },
          ]}
        />
        {providers.data?.replit && (
          <>
            <Button variant="default" component="a" href="/api/login" fullWidth>
              Continue with Replit
            </Button>
            <Divider label="or" labelPosition="center" />
          </>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {mode === "register" && (
              <Group grow>
                <TextInput
                  label="First name"
                  autoComplete="given-name"
                  readOnly={!live}
                  value={firstName}
                  onChange={(e) => setFirstName(e.currentTarget.value)}
                />
                <TextInput
                  label="Last name"
                  autoComplete="family-name"
                  readOnly={!live}
                  value={lastName}
                  onChange={(e) => setLastName(e.currentTarget.value)}
                />
              </Group>
            )}
            <EmailField value={email} onChange={setEmail} readOnly={!live} />
            <PasswordField
              label="Password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              description={mode === "register" ? "Password must be at least 8 characters long" : undefined}
              value={password}
              onChange={setPassword}
              readOnly={!live}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Button type="submit" loading={pending} disabled={!live} fullWidth mt="xs">
              {mode === "login" ? "Sign In" : "Create Account"}
            </Button>
          </Stack>
        </form>
        {mode === "login" ? (
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            By creating an account you agree to our{" "}
            <Anchor component={Link} to="/terms-conditions" size="xs" underline="always">
              Terms
            </Anchor>
            ,{" "}
            <Anchor component={Link} to="/privacy-policy" size="xs" underline="always">
              Privacy Policy
            </Anchor>{" "}
            and{" "}
            <Anchor component={Link} to="/policies-disclaimers" size="xs" underline="always">
              Policies
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </AuthShell>
  );
}
