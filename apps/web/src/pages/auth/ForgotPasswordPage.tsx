import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AuthShell } from "../../components/AuthShell";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: () => {
        setSent(true);
        toast({
          title: "Reset Email Sent",
          description: "If this email exists, a password reset link will be sent...",
        });
      },
      onError: (err) => {
        setError(err.message || "Failed to send reset email");
        toast({ title: "Error", description: "Failed to send reset email", variant: "destructive" });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError("Email is required");
      return;
    }
    send.mutate({ email: email.trim() });
  };

  return (
    <AuthShell>
      <Stack gap="md">
        <div>
          <Title order={2}>Forgot your password?</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Enter your email and we will send you a link to choose a new password.
          </Text>
        </div>
        {sent ? (
          <Alert color="green" variant="light" role="status">
            If this email exists, a password reset link will be sent... Check your inbox; the link works once
            and expires in 1 hour.
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={send.isPending} fullWidth>
                Send Reset Email
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/auth" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthShell>
  );
}
