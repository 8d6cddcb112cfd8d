import { Box, Container, Stack, Tabs, Title } from "@mantine/core";
import { AccessDenied, AdminHeader } from "../../components/admin/AdminHeader";
import { AdminStats } from "../../components/admin/AdminStats";
import { ModelConfigurations } from "../../components/admin/ModelConfigurations";
import { UserManagement } from "../../components/admin/UserManagement";
import { PageLoader } from "../../components/PageLoader";
import { Main } from "../../components/PageShell";
import { useCurrentUser } from "../../lib/user";

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
            <AdminStats />
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
