import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { dollars } from "./budget";
import { CreateTestAccount } from "./CreateTestAccount";
import { PLAN_OPTIONS } from "./plans";
import { useAdminUserActions } from "./useAdminUserActions";

const USERS_PAGE_SIZE = 50;

export function UserManagement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  // While a new search loads, the rows on screen stay (an open plan menu is not pulled away).
  // "Show more" fetches the page after the last one by cursor (a sign-up meanwhile shifts nothing);
  // invalidating admin.users after an action refreshes every page on screen.
  const users = useInfiniteQuery(
    trpc.admin.users.infiniteQueryOptions(
      { search: debounced || undefined, limit: USERS_PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages[0]?.total ?? 0;
  const loadingMore = users.isFetchingNextPage;
  const searching = search !== debounced || (users.isFetching && users.isPlaceholderData);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() }),
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
      meta: { errorTitle: "Failed to sync subscriptions" },
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
            <Button variant="default" loading={loadingMore} onClick={() => users.fetchNextPage()}>
              Show more
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
