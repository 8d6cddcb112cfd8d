import { Alert, Button, Code, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { PLAN_OPTIONS } from "./plans";

export function CreateTestAccount() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ email: "", firstName: "", lastName: "", subscriptionTier: "free" });
  const [created, setCreated] = useState<{ email: string; temporaryPassword: string } | null>(null);
  const create = useMutation(
    trpc.admin.createTestAccount.mutationOptions({
      onSuccess: (result) => {
        setCreated(result);
        queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
      },
      meta: { errorTitle: "Error", errorFallback: "Failed to create test account" },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.email.trim()) {
      toast({ title: "Error", description: "Email is required", variant: "destructive" });
      return;
    }
    create.mutate({ ...form, email: form.email.trim(), subscriptionTier: form.subscriptionTier as never });
  };
  const close = () => {
    setOpen(false);
    setCreated(null);
    setForm({ email: "", firstName: "", lastName: "", subscriptionTier: "free" });
  };
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Create Test Account
      </Button>
      <Modal opened={open} onClose={close} title="Create test account">
        {created ? (
          <Stack>
            <Alert color="green" title="Test account created">
              Share these credentials now: the temporary password is shown only once.
            </Alert>
            <Text size="sm">Email: {created.email}</Text>
            <Text size="sm">
              Temporary password: <Code data-testid="temporary-password">{created.temporaryPassword}</Code>
            </Text>
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label="Email"
                type="email"
                required
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              />
              <Group grow>
                <TextInput
                  label="First name"
                  value={form.firstName}
                  onChange={(e) => setForm({ ...form, firstName: e.currentTarget.value })}
                />
                <TextInput
                  label="Last name"
                  value={form.lastName}
                  onChange={(e) => setForm({ ...form, lastName: e.currentTarget.value })}
                />
              </Group>
              <Select
                label="Subscription tier"
                data={PLAN_OPTIONS}
                value={form.subscriptionTier}
                allowDeselect={false}
                onChange={(v) => setForm({ ...form, subscriptionTier: v ?? "free" })}
              />
              <Button type="submit" loading={create.isPending}>
                Create Account
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
