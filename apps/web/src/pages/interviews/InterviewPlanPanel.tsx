import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { IconPencil } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ContentSkeleton } from "../../components/ContentSkeleton";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

type PlanView = RouterOutputs["interviews"]["plan"];
type Topic = NonNullable<PlanView["plan"]>["topics"][number];

const PLANNED_BY: Record<string, string> = {
  rules: "Made from the project by Parley's rules",
  model: "Made from the project by the AI model",
  owner: "Edited by you",
};

/** What the participant confirmed and corrected when the interviewer read back what it heard. */
export function ReadBackReview({ readBack }: { readBack: NonNullable<PlanView["readBack"]> }) {
  const corrected = new Map(
    readBack.corrections.filter((c) => c.point !== null).map((c) => [c.point as number, c.text]),
  );
  const missing = readBack.corrections.filter((c) => c.point === null);
  const answered = readBack.confirmations.length > 0 || readBack.corrections.length > 0;
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={4} mb="xs">
        Read-back
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {answered
          ? "What the interviewer read back, and what the participant confirmed or corrected."
          : "What the interviewer read back; the participant has not answered yet."}
      </Text>
      <Stack gap="xs">
        {readBack.points.map((point, index) => (
          <Group key={point} gap="sm" wrap="nowrap" align="flex-start">
            {readBack.confirmations.includes(index) ? (
              <Badge color="green" variant="light">
                Confirmed
              </Badge>
            ) : corrected.has(index) ? (
              <Badge color="orange" variant="light">
                Corrected
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Read back
              </Badge>
            )}
            <div>
              <Text size="sm">“{point}”</Text>
              {corrected.has(index) ? (
                <Text size="sm" c="orange.8">
                  Correction: {corrected.get(index)}
                </Text>
              ) : null}
            </div>
          </Group>
        ))}
        {missing.map((c) => (
          <Group key={c.text} gap="sm" wrap="nowrap" align="flex-start">
            <Badge color="blue" variant="light">
              Added
            </Badge>
            <Text size="sm">{c.text}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function TopicEditor({ topic, onChange }: { topic: Topic; onChange: (topic: Topic) => void }) {
  return (
    <Card withBorder radius="md" p="sm">
      <Stack gap="xs">
        <TextInput
          label="Topic"
          value={topic.title}
          onChange={(e) => onChange({ ...topic, title: e.currentTarget.value })}
        />
        <TextInput
          label="What to learn"
          value={topic.intent}
          onChange={(e) => onChange({ ...topic, intent: e.currentTarget.value })}
        />
        <Textarea
          label="Questions (one per line)"
          autosize
          minRows={2}
          value={topic.probes.join("\n")}
          onChange={(e) => onChange({ ...topic, probes: e.currentTarget.value.split("\n") })}
        />
      </Stack>
    </Card>
  );
}

/** The interview's plan (topics, their intent and questions), editable until the interview starts. */
export function InterviewPlanPanel({ interviewId }: { interviewId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useQuery(trpc.interviews.plan.queryOptions({ id: interviewId }));
  const [draft, setDraft] = useState<Topic[] | null>(null);
  const save = useMutation(
    trpc.interviews.updatePlan.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.interviews.plan.queryKey({ id: interviewId }), data);
        setDraft(null);
        toast({ title: "Plan saved", description: "The interviewer will follow your plan." });
      },
      meta: { errorTitle: "Error saving plan", errorFallback: "Could not save the plan." },
    }),
  );

  if (view.isLoading) {
    return <ContentSkeleton label="Loading plan" count={1} height={240} cols={1} />;
  }
  if (view.isError || !view.data) {
    return (
      <Center h={200}>
        <Text c="red">Error loading the plan</Text>
      </Center>
    );
  }
  const { plan, plannedBy, editable, readBack } = view.data;
  return (
    <Stack gap="md">
      {readBack ? <ReadBackReview readBack={readBack} /> : null}
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="xs">
          <Title order={4}>Interview plan</Title>
          {draft ? (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() =>
                  save.mutate({
                    id: interviewId,
                    plan: {
                      topics: draft.map((t) => ({
                        ...t,
                        probes: t.probes.map((p) => p.trim()).filter(Boolean),
                      })),
                    },
                  })
                }
              >
                Save Plan
              </Button>
            </Group>
          ) : editable && plan ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setDraft(plan.topics)}
            >
              Edit Plan
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {plan
            ? `${PLANNED_BY[plannedBy ?? ""] ?? "Made from the project"}. ${
                editable
                  ? "You can change it until the interview starts."
                  : "The interview has started, so the plan can no longer be changed."
              }`
            : "The plan is made when the interview starts."}
        </Text>
        {draft ? (
          <Stack gap="sm">
            {draft.map((topic, index) => (
              <TopicEditor
                key={topic.id}
                topic={topic}
                onChange={(next) => setDraft(draft.map((t, i) => (i === index ? next : t)))}
              />
            ))}
          </Stack>
        ) : plan ? (
          <List type="ordered" spacing="sm" aria-label="Plan topics">
            {plan.topics.map((topic) => (
              <List.Item key={topic.id}>
                <Text fw={600} size="sm">
                  {topic.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {topic.intent}
                </Text>
                {topic.probes.map((probe) => (
                  <Text key={probe} size="sm">
                    – {probe}
                  </Text>
                ))}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Card>
    </Stack>
  );
}
