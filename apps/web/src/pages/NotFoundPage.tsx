import { Button, Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Container component="main" id="main-content" tabIndex={-1} size="sm" py={80} ta="center">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" mt="md">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/" mt="lg">
        Go home
      </Button>
    </Container>
  );
}
