import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AccessDenied, AdminHeader } from "../../components/admin/AdminHeader";
import { auditChanges } from "../../components/admin/auditChanges";
import { dollars } from "../../components/admin/budget";
import { useAdminUserActions } from "../../components/admin/useAdminUserActions";
import { ContentSkeleton } from "../../components/ContentSkeleton";
import { PageLoader } from "../../components/PageLoader";
import { Main } from "../../components/PageShell";
import { ProfileFieldRow } from "../../components/ProfileFieldRow";
import { SectionCard } from "../../components/SectionCard";
import { TypeDeleteDialog } from "../../components/TypeDeleteDialog";
import { formatDate, formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

const NA = "N/A";

function AuditEntry({ entry }: { entry: RouterOutputs["admin"]["audit"][number] }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <div data-audit={entry.action}>
      <Text size="sm">
        {formatDateTime(entry.createdAt)} · <b>{entry.action.replaceAll("_", " ")}</b> by{" "}
        {entry.actorEmail ?? "a deleted admin"}
      </Text>
      {changes.length > 0 && (
        <List size="xs" c="dimmed" ml="md" spacing={2}>
          {changes.map((change) => (
            <List.Item key={change.field}>
              {change.field}: {change.before} → {change.after}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery({ ...trpc.admin.user.queryOptions({ id: userId }), retry: false });
  const projects = useQuery({
    ...trpc.admin.userProjects.queryOptions({ id: userId }),
    enabled: user.isSuccess,
  });
  const interviews = useQuery({
    ...trpc.admin.userInterviews.queryOptions({ id: userId }),
    enabled: user.isSuccess,
  });
  const audit = useQuery({ ...trpc.admin.audit.queryOptions({ id: userId }), enabled: user.isSuccess });
  const [deleting, setDeleting] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.user.queryKey({ id: userId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.audit.queryKey({ id: userId }) }),
    ]);
  const { update, reset } = useAdminUserActions(refresh);
  const cancel = useMutation(
    trpc.admin.cancelSubscription.mutationOptions({
      onSuccess: () => {
        refresh();
        toast({ title: "Subscription Canceled", description: "The user can still read their data." });
      },
      meta: { errorTitle: "Failed to cancel subscription" },
    }),
  );
  const remove = useMutation(
    trpc.admin.deleteUser.mutationOptions({
      onSuccess: () => {
        queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
        toast({ title: "User Deleted", description: "The account and all its data were deleted." });
        navigate("/admin");
      },
      meta: { errorTitle: "Failed to delete user account" },
    }),
  );

  if (user.isLoading) {
    return (
      <Container size="xl" py="lg">
        <ContentSkeleton label="Loading user" count={3} height={220} cols={{ base: 1, md: 3 }} />
      </Container>
    );
  }
  if (!user.data) {
    return (
      <Container size="sm" py={80}>
        <Card withBorder radius="lg" p="xl" ta="center">
          <Title order={2}>User Not Found</Title>
          <Text c="dimmed" mt="sm">
            This user does not exist or was deleted.
          </Text>
          <Anchor component={Link} to="/admin" mt="md" display="block">
            Back to the admin dashboard
          </Anchor>
        </Card>
      </Container>
    );
  }
  const u = user.data;
  const name = [u.firstName, u.lastName].filter(Boolean).join(" ") || NA;
  // Spec 2 §4: offered only on a paid plan whose status is active (or, on this page, incomplete).
  const canCancel =
    u.subscriptionTier !== "free" &&
    (u.subscriptionStatus === "active" || u.subscriptionStatus === "incomplete");

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin" size="sm">
          ← Back to the admin dashboard
        </Anchor>
        <Title order={1}>{name !== NA ? name : u.email}</Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <SectionCard title="Profile Information">
            <Stack gap={6}>
              <ProfileFieldRow label="Email" value={u.email || NA} />
              <ProfileFieldRow label="Name" value={name} />
              <ProfileFieldRow label="User ID" value={u.id} />
              <ProfileFieldRow label="Account created" value={formatDateTime(u.createdAt)} />
              <ProfileFieldRow label="Last updated" value={formatDateTime(u.updatedAt)} />
            </Stack>
          </SectionCard>
          <SectionCard title="Subscription Details">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge tt="capitalize">{u.subscriptionTier}</Badge>
                <Badge variant="light" color={u.subscriptionStatus === "active" ? "green" : "gray"}>
                  {u.subscriptionStatus}
                </Badge>
              </Group>
              <ProfileFieldRow label="Payment customer ID" value={u.stripeCustomerId ?? "Not set"} />
              <ProfileFieldRow label="Subscription ID" value={u.stripeSubscriptionId ?? "Not set"} />
              {canCancel && (
                <Button
                  mt="xs"
                  size="xs"
                  color="red"
                  variant="light"
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate({ id: u.id })}
                >
                  Cancel Subscription
                </Button>
              )}
            </Stack>
          </SectionCard>
          <SectionCard title="API Usage">
            <Text size="sm">
              {u.monthlyApiUsage} / {u.monthlyApiLimit} calls · {dollars(u.monthlyApiCost)}
            </Text>
            <Progress value={u.usagePercent} mt="xs" aria-label="API usage this month" />
            <ProfileFieldRow label="Usage reset date" value={formatDate(u.usageResetDate, "Not set")} />
            {u.budgetBadge && (
              <Badge mt="xs" color={u.budgetBadge === "BUDGET EXCEEDED" ? "red" : "orange"}>
                {u.budgetBadge}
              </Badge>
            )}
            <Button
              mt="sm"
              size="xs"
              variant="default"
              loading={reset.isPending}
              onClick={() => reset.mutate({ id: u.id })}
            >
              Reset Usage
            </Button>
          </SectionCard>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard title="Projects">
            {!projects.data?.length ? (
              <Text c="dimmed" size="sm">
                No projects found
              </Text>
            ) : (
              <Stack gap="xs">
                {projects.data.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap">
                    <div>
                      <Text size="sm" fw={500}>
                        {p.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {p.description || "No description"} · {p.status} · {formatDate(p.createdAt)}
                      </Text>
                    </div>
                    <Anchor component={Link} to={`/projects/${p.id}`} size="sm">
                      Open
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            )}
          </SectionCard>
          <SectionCard title="Interviews">
            {!interviews.data?.length ? (
              <Text c="dimmed" size="sm">
                No interviews found
              </Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {interviews.data.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>{i.name}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{i.status}</Badge>
                      </Table.Td>
                      <Table.Td>{formatDate(i.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </SectionCard>
        </SimpleGrid>
        <SectionCard title="Admin Actions">
          <Group>
            {(["free", "basic", "pro"] as const).map((tier) => (
              <Button
                key={tier}
                variant="default"
                disabled={u.subscriptionTier === tier}
                onClick={() => update.mutate({ id: u.id, subscriptionTier: tier })}
              >
                Set to {tier[0]?.toUpperCase()}
                {tier.slice(1)} Plan
              </Button>
            ))}
          </Group>
          <Box mt="lg" p="md" style={{ border: "1px solid var(--mantine-color-red-4)", borderRadius: 8 }}>
            <Text fw={700} c="red.7">
              Danger Zone
            </Text>
            <Text size="sm" c="dimmed">
              Deleting the account cannot be undone.
            </Text>
            <Button mt="sm" color="red" onClick={() => setDeleting(true)}>
              Delete Account
            </Button>
          </Box>
        </SectionCard>
        <SectionCard title="Audit log">
          {!audit.data?.length ? (
            <Text c="dimmed" size="sm">
              No admin actions on this user yet.
            </Text>
          ) : (
            <Stack gap="sm">
              {audit.data.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} />
              ))}
            </Stack>
          )}
        </SectionCard>
      </Stack>
      <TypeDeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this account?"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: u.id, confirmDelete: true })}
      >
        <Text size="sm">This permanently deletes:</Text>
        <List size="sm">
          <List.Item>All projects and their data</List.Item>
          <List.Item>Interview recordings and transcripts</List.Item>
          <List.Item>Generated documents and summaries</List.Item>
          <List.Item>Account information</List.Item>
          <List.Item>The active subscription</List.Item>
        </List>
      </TypeDeleteDialog>
    </Container>
  );
}

export default function AdminUserPage() {
  const { userId = "" } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user?.isAdmin)
    return <AccessDenied text="Access Denied - You don't have permission to view user details." />;
  return (
    <Box mih="100vh" bg="var(--parley-page-bg)">
      <AdminHeader />
      <Main>
        <UserDetail userId={userId} />
      </Main>
    </Box>
  );
}
