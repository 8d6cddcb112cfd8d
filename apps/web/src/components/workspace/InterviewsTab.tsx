import {
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { ZCreateInterviewInput } from "@parley/api/schemas/project";
import { IconCheck, IconCopy, IconPlus, IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatDate } from "../../lib/dates";
import { copyText } from "../../lib/download";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { ContentSkeleton } from "../ContentSkeleton";
import { BlockerHint } from "./BlockerHint";
import { CoverageGrid } from "./CoverageGrid";
import {
  type Interview,
  type Project,
  STAKEHOLDER_OPTIONS,
  stakeholderLabel,
  statusColor,
  statusLabel,
} from "./labels";
import { summarizeBlocker, useSummarize } from "./useSummarize";

const interviewRules = schemaResolver(ZCreateInterviewInput, { sync: true });

export const shareUrl = (shareLink: string) => `${window.location.origin}/interview/${shareLink}`;

function tipsText(name: string, link: string, projectTitle: string) {
  return `Hi ${name},

We'd love your input on "${projectTitle}". Please take a 10-15 minute interview with our AI interviewer:
${link}

Tips:
- Find a quiet place; you can answer by voice (allow the microphone) or by typing.
- There are no right or wrong answers: concrete examples help most.
- You can add notes and images while you talk, and review everything before saving.

Thank you!`;
}

function NewInterviewModal({
  project,
  opened,
  onClose,
}: {
  project: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: "", stakeholderType: "user" },
    // The server's rule for the name, shown under the field.
    validate: (values) => interviewRules({ ...values, projectId: project.id }),
  });
  const [created, setCreated] = useState<Interview | null>(null);
  const create = useMutation(
    trpc.interviews.create.mutationOptions({
      onSuccess: async (interview) => {
        setCreated(interview);
        await queryClient.invalidateQueries({
          queryKey: trpc.interviews.listByProject.queryKey({ projectId: project.id }),
        });
      },
      onError: (error) => {
        if (error.data?.upgradeRequired || /subscription|canceled/i.test(error.message)) navigate("/upgrade");
      },
      meta: { errorTitle: "Error creating interview" },
    }),
  );
  const close = () => {
    onClose();
    setTimeout(() => {
      setCreated(null);
      form.reset();
    }, 200);
  };
  const submit = form.onSubmit(
    (values) =>
      create.mutate({
        projectId: project.id,
        name: values.name.trim(),
        stakeholderType: values.stakeholderType as never,
        status: "scheduled",
      }),
    () =>
      toast({
        title: "Interview name is required",
        description: "Please enter a name for your interview",
        variant: "destructive",
      }),
  );
  const link = created ? shareUrl(created.shareLink) : "";
  return (
    <Modal opened={opened} onClose={close} title={created ? "Interview created" : "New Interview"} size="lg">
      {created ? (
        <Stack>
          <Text size="sm">Send this link to {created.name}. No account is needed.</Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              value={link}
              readOnly
              style={{ flex: 1 }}
              aria-label="Share link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Textarea
            label="Tips for the interviewee"
            value={tipsText(created.name, link, project.title)}
            readOnly
            autosize
            minRows={8}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={async () => {
                if (await copyText(tipsText(created.name, link, project.title)))
                  toast({ title: "Copied", description: "The tips are on your clipboard." });
              }}
            >
              Copy Tips
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Interviewee name"
              required
              placeholder="e.g. Dana from dispatch"
              {...form.getInputProps("name")}
              data-autofocus
            />
            <Select
              label="Stakeholder type"
              description="The AI tailors its questions to the role."
              data={STAKEHOLDER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              {...form.getInputProps("stakeholderType")}
              allowDeselect={false}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} type="button">
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create Interview
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function InterviewsTab({ project, onSummarized }: { project: Project; onSummarized: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const interviews = useQuery(trpc.interviews.listByProject.queryOptions({ projectId: project.id }));
  const selection = useMutation(
    trpc.interviews.setSelection.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({
          queryKey: trpc.interviews.listByProject.queryKey({ projectId: project.id }),
        }),
      meta: { errorTitle: "Error updating selection" },
    }),
  );
  const summarize = useSummarize(project, interviews.data, onSummarized);
  const blocker = summarizeBlocker(interviews.data);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Interviews</Title>
        <Group>
          <Button
            variant="light"
            leftSection={<IconSparkles size={16} />}
            loading={summarize.isPending}
            aria-describedby={blocker ? "summarize-blocker" : undefined}
            onClick={() => summarize.mutate()}
          >
            Summarize Interviews
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Interview
          </Button>
        </Group>
      </Group>
      {blocker && (
        <BlockerHint id="summarize-blocker">
          Summarize Interviews: {blocker.charAt(0).toLowerCase() + blocker.slice(1)}
        </BlockerHint>
      )}
      {interviews.isLoading ? (
        <ContentSkeleton label="Loading interviews" count={2} height={150} />
      ) : interviews.isError ? (
        <Text c="red">Error loading interviews</Text>
      ) : !interviews.data?.length ? (
        <Card withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <Title order={4}>No interviews yet</Title>
            <Text c="dimmed" ta="center" maw={440}>
              Create an interview and send the link to a stakeholder. Completed interviews can then be
              summarized.
            </Text>
            <Button mt="sm" onClick={() => setCreating(true)}>
              New Interview
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {interviews.data.map((interview) => (
            <Card key={interview.id} withBorder radius="lg" padding="lg">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {interview.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {stakeholderLabel(interview.stakeholderType)}
                  </Text>
                  {interview.rawDeletedAt && (
                    <Text size="xs" c="dimmed" mt={2} data-testid="raw-deleted-note">
                      Conversation deleted{" "}
                      {interview.rawDeletedBy === "participant" ? "by the participant " : ""}
                      on {formatDate(interview.rawDeletedAt)}
                    </Text>
                  )}
                </div>
                <Badge color={statusColor(interview.status)} variant="light">
                  {statusLabel(interview.status)}
                </Badge>
              </Group>
              <Checkbox
                mt="md"
                label="Exclude from Summary"
                checked={!interview.selected}
                onChange={(e) => selection.mutate({ id: interview.id, selected: !e.currentTarget.checked })}
              />
              <Group mt="md" gap="xs">
                <CopyButton value={shareUrl(interview.shareLink)}>
                  {({ copied, copy }) => (
                    <Tooltip label={shareUrl(interview.shareLink)}>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          copy();
                          toast({ title: "Link copied", description: "Send it to your interviewee." });
                        }}
                        leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      >
                        Copy Link
                      </Button>
                    </Tooltip>
                  )}
                </CopyButton>
                <Button size="xs" variant="light" component={Link} to={`/interviews/${interview.id}`}>
                  View Details
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {interviews.data?.length ? (
        <CoverageGrid projectId={project.id} version={interviews.dataUpdatedAt} />
      ) : null}
      <NewInterviewModal project={project} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
