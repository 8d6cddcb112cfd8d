import { Alert, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { AuthFormPage } from "./AuthFormPage";
import { PasswordField } from "./fields";

const REDIRECT_MS = 3000;

export default function ResetPasswordPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (token && !done) return;
    if (!token)
      toast({ title: "Invalid Link", description: "No reset token found in URL", variant: "destructive" });
    const timer = setTimeout(() => navigate("/auth"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [token, done, navigate]);

  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: () => {
        setDone(true);
        toast({
          title: "Password Reset Successful",
          description: "You can now sign in with your new password.",
        });
      },
      // The toast says what spec 2 §8 says; the server's reason (say, an expired link) shows inline.
      onError: (err) => setError(err.message || "Failed to reset password"),
      meta: { errorTitle: "Reset Failed", errorDescription: "Failed to reset password" },
    }),
  );

  const submit = () => {
    setError(null);
    if (!password || !confirm) return setError("Both password fields are required");
    if (password !== confirm) return setError("Passwords do not match");
    if (password.length < 8) return setError("Password must be at least 8 characters long");
    if (token) reset.mutate({ token, newPassword: password });
  };

  const outcome = !token ? (
    <Alert color="red" variant="light" role="alert" title="Invalid Link">
      No reset token found in URL. Taking you to sign in...
    </Alert>
  ) : done ? (
    <Alert color="green" variant="light" role="status" title="Password Reset Successful">
      Your password has been changed. Taking you to sign in...
    </Alert>
  ) : undefined;

  return (
    <AuthFormPage
      title="Choose a new password"
      outcome={outcome}
      error={error}
      pending={reset.isPending}
      submitLabel="Reset Password"
      onSubmit={submit}
    >
      <Text c="dimmed" size="sm">
        Use at least 8 characters. Signing in elsewhere will end after the change.
      </Text>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
    </AuthFormPage>
  );
}
