import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Code,
  Container,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AccessDenied, AdminHeader } from "../../components/admin/AdminHeader";
import { dollars, usd } from "../../components/admin/budget";
import { ModelConfigurations } from "../../components/admin/ModelConfigurations";
import { useAdminUserActions } from "../../components/admin/useAdminUserActions";
import { PageLoader } from "../../components/PageLoader";
import { Main } from "../../components/PageShell";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useCurrentUser } from "../../lib/user";

const PLAN_OPTIONS = [
  { value: "free", label: "Free" },
  { value: "basic", label: "Basic" },
  { value: "pro", label: "Pro" },
];

const USERS_PAGE_SIZE = 50;

/** Rows of consecutive pages; a sign-up between two page loads would otherwise list a user twice. */
function uniqueById<T extends { id: string }>(users: T[]): T[] {
  const seen = new Set<string>();
  const unique: T[] = [];
  for (const user of users) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    unique.push(user);
  }
  return unique;
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Card withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={800} c={color}>
        {value}
      </Text>
    </Card>
  );
}

function Stats() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  if (!stats.data) return <Loader size="sm" />;
  const s = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
      <Stat label="Total users" value={String(s.totalUsers)} />
      <Stat label="Active subscriptions" value={String(s.activeSubscriptions)} />
      <Stat label="Monthly revenue" value={usd(s.monthlyRevenue)} />
      <Stat label="API calls today" value={String(s.apiCallsToday)} />
      <Stat label="API calls this month" value={String(s.apiCallsThisMonth)} />
      <Stat label="Est. monthly AI cost" value={usd(s.estimatedMonthlyCost)} />
      <Stat
        label="Profit margin"
        value={usd(s.profitMargin)}
        color={s.profitMargin >= 0 ? "green.7" : "red.7"}
      />
    </SimpleGrid>
  );
}

function CreateTestAccount() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ email: "", firstName: "", lastName: "", subscriptionTier: "free" });
  const [created, setCreated] = useState<{ email: string; temporaryPassword: string } | null>(null);
  const create = useMutation(
    trpc.admin.createTestAccount.mutationOptions({
      onSuccess: (result) => {
        setCreated(result);
        queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
      },
      onError: (e) =>
        toast({
          title: "Error",
          description: e.message || "Failed to create test account",
          variant: "destructive",
        }),
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

function UserManagement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [pageCount, setPageCount] = useState(1);
  // While a new search loads, the rows on screen stay (an open plan menu is not pulled away).
  const users = useQuery({
    ...trpc.admin.users.queryOptions({ search: debounced || undefined, limit: USERS_PAGE_SIZE, offset: 0 }),
    placeholderData: keepPreviousData,
  });
  // "Show more" adds the next page at its offset; invalidating admin.users after an action
  // refreshes every page on screen.
  const morePages = useQueries({
    queries: Array.from({ length: pageCount - 1 }, (_, index) =>
      trpc.admin.users.queryOptions({
        search: debounced || undefined,
        limit: USERS_PAGE_SIZE,
        offset: (index + 1) * USERS_PAGE_SIZE,
      }),
    ),
  });
  const rows = uniqueById([users, ...morePages].flatMap((page) => page.data?.users ?? []));
  const total = users.data?.total ?? 0;
  const loadingMore = morePages.some((page) => page.isLoading);
  const searching = search !== debounced || (users.isFetching && users.isPlaceholderData);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.stats.queryKey() }),
    ]);
  const { update, reset } = useAdminUserActions(refresh);
  const sync = useMutation(
    trpc.admin.syncSubscriptions.mutationOptions({
      onSuccess: (result) => {
        refresh();
        toast({
          title: "Subscriptions synced",
          description: `${result.updated} user${result.updated === 1 ? "" : "s"} updated.`,
        });
      },
      onError: (e) =>
        toast({ title: "Failed to sync subscriptions", description: e.message, variant: "destructive" }),
    }),
  );

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          placeholder="Search by email or name"
          leftSection={<IconSearch size={16} />}
          rightSection={searching ? <Loader size={14} aria-label="Searching" /> : null}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPageCount(1);
          }}
          aria-label="Search users"
          w={320}
        />
        <Group>
          <CreateTestAccount />
          <Button
            variant="default"
            onClick={() => sync.mutate()}
            loading={sync.isPending}
            loaderProps={{ type: "dots" }}
          >
            {sync.isPending ? "Syncing..." : "Sync Subscriptions"}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="lg" p={0}>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>API Usage</Table.Th>
                <Table.Th>Budget</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.isLoading && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Center py="md">
                      <Loader size="sm" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {users.data && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      No users match this search.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((user) => {
                const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
                return (
                  <Table.Tr key={user.id} data-user={user.email}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={user.profileImageUrl} radius="xl" size="sm">
                          {(name || user.email).slice(0, 1).toUpperCase()}
                        </Avatar>
                        <div>
                          <Anchor component={Link} to={`/admin/users/${user.id}`} size="sm" fw={500}>
                            {name || user.email}
                          </Anchor>
                          {name && (
                            <Text size="xs" c="dimmed">
                              {user.email}
                            </Text>
                          )}
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge tt="capitalize">{user.subscriptionTier}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={
                          user.subscriptionStatus === "active"
                            ? "green"
                            : user.subscriptionStatus === "canceled"
                              ? "red"
                              : "gray"
                        }
                      >
                        {user.subscriptionStatus}
                      </Badge>
                    </Table.Td>
                    <Table.Td miw={170}>
                      <Text size="xs">
                        {user.monthlyApiUsage} / {user.monthlyApiLimit} · {dollars(user.monthlyApiCost)}
                      </Text>
                      <Progress
                        value={user.usagePercent}
                        aria-label={`API usage of ${user.email}`}
                        size="sm"
                        mt={4}
                        color={user.usagePercent >= 100 ? "red" : "indigo"}
                      />
                    </Table.Td>
                    <Table.Td miw={150}>
                      {user.monthlyBudget > 0 ? (
                        <>
                          <Text size="xs">
                            {dollars(user.overageCents)} of {dollars(user.monthlyBudget)}
                          </Text>
                          <Progress
                            value={Math.min(100, (user.overageCents / user.monthlyBudget) * 100)}
                            aria-label={`Budget used by ${user.email}`}
                            size="sm"
                            mt={4}
                            color={user.budgetBarColor}
                          />
                        </>
                      ) : (
                        <Text size="xs" c="dimmed">
                          No budget
                        </Text>
                      )}
                      {user.budgetBadge && (
                        <Badge
                          size="xs"
                          mt={4}
                          color={user.budgetBadge === "BUDGET EXCEEDED" ? "red" : "orange"}
                        >
                          {user.budgetBadge}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => reset.mutate({ id: user.id })}>
                          Reset Usage
                        </Button>
                        <Select
                          size="xs"
                          w={100}
                          data={PLAN_OPTIONS}
                          value={user.subscriptionTier === "enterprise" ? null : user.subscriptionTier}
                          aria-label={`Plan for ${user.email}`}
                          allowDeselect={false}
                          onChange={(tier) =>
                            tier &&
                            tier !== user.subscriptionTier &&
                            update.mutate({ id: user.id, subscriptionTier: tier as never })
                          }
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {users.data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="users-shown">
            Showing {rows.length} of {total}
          </Text>
          {rows.length < total && (
            <Button variant="default" loading={loadingMore} onClick={() => setPageCount((n) => n + 1)}>
              Show more
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

export default function AdminPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user?.isAdmin) return <AccessDenied text="You don't have permission to access the admin dashboard." />;
  return (
    <Box mih="100vh" bg="var(--parley-page-bg)">
      <AdminHeader />
      <Main>
        <Container size="xl" py="lg">
          <Stack gap="lg">
            <Title order={1}>Admin Dashboard</Title>
            <Stats />
            <Tabs defaultValue="users" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="users">User Management</Tabs.Tab>
                <Tabs.Tab value="models">Model Configurations</Tabs.Tab>
              </Tabs.List>
              <Box pt="lg">
                <Tabs.Panel value="users">
                  <UserManagement />
                </Tabs.Panel>
                <Tabs.Panel value="models">
                  <ModelConfigurations />
                </Tabs.Panel>
              </Box>
            </Tabs>
          </Stack>
        </Container>
      </Main>
    </Box>
  );
}
