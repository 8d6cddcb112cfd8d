import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { AuthShell } from "../../components/AuthShell";

/**
 * The forgot- and reset-password scaffolding: a title, an optional line under it, then either the
 * form (its fields, the inline error, the submit button) or, once there is one, the outcome alert;
 * always a way back to sign in.
 */
export function AuthFormPage(props: {
  title: string;
  intro?: ReactNode;
  /** Shown instead of the form (sent, done, a broken link). */
  outcome?: ReactNode;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <AuthShell>
      <Stack gap="md">
        {props.intro ? (
          <div>
            <Title order={2}>{props.title}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {props.intro}
            </Text>
          </div>
        ) : (
          <Title order={2}>{props.title}</Title>
        )}
        {props.outcome ?? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {props.children}
              {props.error && (
                <Alert color="red" variant="light" role="alert">
                  {props.error}
                </Alert>
              )}
              <Button type="submit" loading={props.pending} fullWidth>
                {props.submitLabel}
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
