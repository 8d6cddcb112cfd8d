import {
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBulb,
  IconChecklist,
  IconFileText,
  IconMessageChatbot,
  IconMicrophone,
  IconPlayerPlay,
  IconRocket,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PayAsYouGo, PlanCards } from "../../components/public/PlanCards";
import { PublicLayout } from "../../components/public/PublicLayout";
import { useTRPC } from "../../lib/trpc";
import classes from "./landing.module.css";

const DemoVideo = lazy(() => import("../../components/public/DemoVideo"));

const SPARKLES = 15;

const FEATURES = [
  {
    icon: IconMicrophone,
    title: "Voice or text interviews",
    text: "Stakeholders open a link and talk or type; no account needed.",
  },
  {
    icon: IconMessageChatbot,
    title: "Questions tailored by role",
    text: "End users, business stakeholders, developers and designers each get the right questions.",
  },
  {
    icon: IconFileText,
    title: "Summaries in one click",
    text: "Completed interviews become an organised summary you can edit and version.",
  },
  {
    icon: IconChecklist,
    title: "Epics, features and stories",
    text: "Requirements with acceptance criteria, each story showing the quote it rests on.",
  },
  {
    icon: IconRocket,
    title: "Optimized build prompts",
    text: "Hand an AI app builder a prompt made from what your stakeholders actually said.",
  },
  {
    icon: IconBulb,
    title: "An AI strategic partner",
    text: "Ask about gaps, priorities and next steps, grounded in your summary.",
  },
];

type Sparkle = { id: number; left: string; top: string; delay: string; size: number };

const randomSparkles = (): Sparkle[] =>
  Array.from({ length: SPARKLES }, (_, i) => ({
    id: i,
    left: `${Math.random() * 100}%`,
    top: `${Math.random() * 100}%`,
    delay: `${(Math.random() * 6).toFixed(2)}s`,
    size: 4 + Math.round(Math.random() * 6),
  }));

/**
 * Sparkles at random positions, fixed for the life of the page. Placed once the page runs in the
 * browser: the HTML rendered at build time has none, so every visitor's are their own (and hydration
 * finds the markup it rendered). They are absolutely positioned: nothing moves when they appear.
 */
function Sparkles() {
  const [sparkles, setSparkles] = useState<Sparkle[]>([]);
  useEffect(() => setSparkles(randomSparkles()), []);
  return (
    <Box className={classes.sparkles} aria-hidden="true">
      {sparkles.map((s) => (
        <span
          key={s.id}
          className={classes.sparkle}
          data-sparkle
          style={{ left: s.left, top: s.top, animationDelay: s.delay, width: s.size, height: s.size }}
        />
      ))}
    </Box>
  );
}

export default function LandingPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [demo, setDemo] = useState(false);
  const plans = useQuery(trpc.billing.plans.queryOptions());
  // The cards render in a transition, in slices the browser can run between, rather than in one long
  // task when the plans arrive (on a slow phone, while the page is still starting).
  const shownPlans = useDeferredValue(plans.data);

  return (
    <PublicLayout>
      <Box className={classes.hero}>
        <Sparkles />
        <Container size="md" py={96} pos="relative">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
              Discover what your stakeholders really need
            </Title>
            <Text fz="lg" c="dimmed" maw={640}>
              Parley's AI interviews your stakeholders by voice or text, then turns the conversations into a
              summary, requirements with acceptance criteria, and a build prompt for your AI app builder.
            </Text>
            <Group justify="center">
              <Button size="lg" component={Link} to="/auth">
                Get Started Free
              </Button>
              <Button
                size="lg"
                variant="default"
                leftSection={<IconPlayerPlay size={18} />}
                onClick={() => setDemo(true)}
              >
                Watch Demo
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Interviews take about 10-15 minutes. No credit card needed.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Title order={2} ta="center" mb="xl">
          From conversations to a build plan
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder radius="lg" p="lg">
              <ThemeIcon size="lg" radius="md" variant="light">
                <feature.icon size={20} />
              </ThemeIcon>
              <Text fw={600} mt="md">
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="var(--parley-page-bg)" py={64}>
        <Container size="md" ta="center">
          <Title order={2}>Five agents, one discovery workflow</Title>
          <Text c="dimmed" mt="sm">
            An interviewer, a summarizer, a requirements creator, a prompt creator and a strategic partner:
            see how each one works and how to get the best interviews.
          </Text>
          <Button mt="lg" variant="light" component={Link} to="/documentation">
            Learn More About Our Agents
          </Button>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Title order={2} ta="center" mb="xl">
          Simple pricing
        </Title>
        {shownPlans ? (
          <Stack>
            <PlanCards
              plans={shownPlans}
              action={(plan) =>
                plan.price === 0
                  ? { label: "Get Started Free", onClick: () => navigate("/auth") }
                  : { label: "Get Started", onClick: () => navigate(`/subscribe/${plan.id}`) }
              }
            />
            <PayAsYouGo />
          </Stack>
        ) : plans.isLoading || plans.data ? (
          <Center>
            <Loader />
          </Center>
        ) : (
          <Text ta="center" c="dimmed">
            Plans could not be loaded. Please try again later.
          </Text>
        )}
      </Container>

      <Box bg="indigo.7" py={64}>
        <Container size="md" ta="center">
          <Title order={2} c="white">
            Your next interview could start in a minute
          </Title>
          <Button mt="lg" size="lg" variant="white" component={Link} to="/auth">
            Start Free Trial
          </Button>
        </Container>
      </Box>

      {demo && (
        <Suspense fallback={null}>
          <DemoVideo onClose={() => setDemo(false)} />
        </Suspense>
      )}
    </PublicLayout>
  );
}
