import { Alert } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { AuthFormPage } from "./AuthFormPage";
import { EmailField } from "./fields";

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
      onError: (err) => setError(err.message || "Failed to send reset email"),
      meta: { errorTitle: "Error", errorDescription: "Failed to send reset email" },
    }),
  );

  const submit = () => {
    setError(null);
    if (!email.trim()) {
      setError("Email is required");
      return;
    }
    send.mutate({ email: email.trim() });
  };

  return (
    <AuthFormPage
      title="Forgot your password?"
      intro="Enter your email and we will send you a link to choose a new password."
      outcome={
        sent ? (
          <Alert color="green" variant="light" role="status">
            If this email exists, a password reset link will be sent... Check your inbox; the link works once
            and expires in 1 hour.
          </Alert>
        ) : undefined
      }
      error={error}
      pending={send.isPending}
      submitLabel="Send Reset Email"
      onSubmit={submit}
    >
      <EmailField value={email} onChange={setEmail} />
    </AuthFormPage>
  );
}
