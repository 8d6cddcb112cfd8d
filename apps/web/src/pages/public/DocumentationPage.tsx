import { Card, Container, List, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { PublicLayout } from "../../components/public/PublicLayout";

const PERSONAS = [
  [
    "End User",
    "10 min",
    "Daily tasks, frustrations, workarounds, what would make the product indispensable.",
  ],
  ["Business Stakeholder", "12 min", "Goals, success measures, costs of the problem, constraints and risks."],
  ["Developer", "12 min", "Architecture, integrations, data, performance, security and maintainability."],
  ["Designer", "10 min", "Users' context, confusion points, accessibility, devices and design systems."],
  ["Product Manager", "15 min", "Problem and evidence, scope, metrics, dependencies and launch."],
  ["Other", "10 min", "Their connection to the project, what gets in the way, what a good outcome is."],
];

const AGENTS = [
  [
    "Interview agent",
    "Asks one short, open, non-leading question at a time, follows up on vague answers, never repeats itself, and wraps up near the time limit.",
  ],
  [
    "Summary agent",
    "Organises what participants said into key points, pain points, needs, today's process, goals and open questions.",
  ],
  [
    "Requirements creator",
    "Turns the summary and transcripts into epics, features with acceptance criteria, and user stories, each citing the quote it rests on.",
  ],
  [
    "Prompt creator",
    "Writes an optimized build prompt for an AI app builder from your project and requirements.",
  ],
  ["Strategic partner", "Answers your questions about the summary: gaps, priorities and next steps."],
];

export default function DocumentationPage() {
  return (
    <PublicLayout>
      <Container size="md" py={56}>
        <Stack gap="xl">
          <div>
            <Title order={1}>How Parley works</Title>
            <Text c="dimmed" mt="sm">
              A practical guide to running stakeholder interviews with AI and turning them into a build plan.
            </Text>
          </div>

          <section>
            <Title order={2}>Interview methodology</Title>
            <Text mt="sm">
              Parley follows the habits of good discovery interviews: ask about real past events rather than
              opinions about the future, one question at a time, without suggesting answers. When an answer is
              vague, the agent asks for a concrete example. Interviews last about 10 to 15 minutes so that
              people finish them.
            </Text>
          </section>

          <section>
            <Title order={2}>Our agents</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              {AGENTS.map(([name, text]) => (
                <Card key={name} withBorder radius="md" p="md">
                  <Text fw={600}>{name}</Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <section>
            <Title order={2}>Stakeholder personas and time limits</Title>
            <Table mt="sm" striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Stakeholder</Table.Th>
                  <Table.Th>Time limit</Table.Th>
                  <Table.Th>What the interview explores</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PERSONAS.map(([who, time, what]) => (
                  <Table.Tr key={who}>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{time}</Table.Td>
                    <Table.Td>{what}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>

          <section>
            <Title order={2}>Sample questions</Title>
            <List mt="sm" spacing={4}>
              <List.Item>
                Walk me through the last time you tried to get this done. What happened, step by step?
              </List.Item>
              <List.Item>How do you measure success for this? Which numbers would move?</List.Item>
              <List.Item>Which systems or data sources would this need to integrate with?</List.Item>
              <List.Item>Where do users get confused or stuck in the current experience?</List.Item>
              <List.Item>What's in scope for the first release, and what's explicitly out?</List.Item>
            </List>
          </section>

          <section>
            <Title order={2}>Tips for better interviews</Title>
            <List mt="sm" spacing={4}>
              <List.Item>
                Write a clear objective and target audience: the agent uses them for context.
              </List.Item>
              <List.Item>Pick the right stakeholder type so questions fit the person's role.</List.Item>
              <List.Item>
                Tell interviewees there are no right answers and that concrete examples help most.
              </List.Item>
              <List.Item>
                Interview at least three people per stakeholder type before drawing conclusions.
              </List.Item>
              <List.Item>
                Participants can add notes and images; ask them to share screenshots of today's tools.
              </List.Item>
            </List>
          </section>

          <section>
            <Title order={2}>Analysing the results</Title>
            <Text mt="sm">
              Summarize only completed interviews, and exclude any that went off topic. Read the summary with
              the strategic partner: ask what is missing and who you should talk to next. When you create
              requirements, check each story's quote: a story marked as an assumption has no interview
              evidence yet and deserves a follow-up conversation before you build it.
            </Text>
          </section>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
