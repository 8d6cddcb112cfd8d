import {
  ActionIcon,
  Badge,
  Blockquote,
  Box,
  Button,
  Card,
  Group,
  List,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { isToWrite, isUnstated, roleWithArticle, storySentence } from "@parley/ai/requirements/story";
import type { RouterOutputs } from "@parley/api";
import { IconPlus, IconPointFilled, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { EvidenceQuotes } from "../Evidence";
import { DescriptionEdit, InlineEdit } from "./InlineEdit";
import { ItemMenu } from "./ItemMenu";
import type { RequirementsActions } from "./useRequirementsActions";

export type Epic = RouterOutputs["requirements"]["get"]["epics"][number];
export type Feature = Epic["features"][number];
type Story = Feature["stories"][number];
type Criteria = Feature["acceptanceCriteria"];

const PRIORITY_COLOR = { high: "red", medium: "orange", low: "gray" } as const;

function SectionLabel({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
      {children}
    </Text>
  );
}

type NameOf = (interviewId: number) => string;

function CriteriaList({
  criteria,
  nameOf,
  onSave,
}: {
  criteria: Criteria;
  nameOf: NameOf;
  onSave: (criteria: Criteria) => void;
}) {
  const [draft, setDraft] = useState("");
  return (
    <Stack gap={6} mt={4}>
      {criteria.length > 0 && (
        <List
          size="sm"
          spacing={4}
          center={false}
          icon={<IconPointFilled size={10} style={{ marginTop: 6 }} aria-hidden />}
        >
          {criteria.map((criterion, index) => (
            <List.Item key={`${index}-${criterion.text}`}>
              <Group gap={4} wrap="nowrap" align="flex-start">
                <Box style={{ flex: 1 }}>
                  <InlineEdit
                    label="Acceptance criterion"
                    value={criterion.text}
                    onSave={(text) => onSave(criteria.map((c, i) => (i === index ? { ...c, text } : c)))}
                  />
                  {criterion.evidence?.length ? (
                    <EvidenceQuotes evidence={criterion.evidence} nameOf={nameOf} max={2} />
                  ) : (
                    criterion.quote && (
                      <Text size="xs" c="dimmed" fs="italic">
                        “{criterion.quote}”
                      </Text>
                    )
                  )}
                </Box>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => onSave(criteria.filter((_, i) => i !== index))}
                  aria-label={`Remove criterion: ${criterion.text}`}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <TextInput
        size="xs"
        placeholder="Add a criterion and press Enter"
        aria-label="New acceptance criterion"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && draft.trim()) {
            onSave([...criteria, { text: draft.trim(), quote: null, assumption: true }]);
            setDraft("");
          }
        }}
      />
    </Stack>
  );
}

/** "As a …, I want to … so that …" with each part edited in place. */
function StoryCard({
  story,
  actions,
  nameOf,
}: {
  story: Story;
  actions: RequirementsActions;
  nameOf: NameOf;
}) {
  const { userType, action, benefit } = story;
  const part = (field: "userType" | "action" | "benefit", label: string) => (
    <b>
      <InlineEdit
        label={label}
        value={story[field]}
        onSave={(value) =>
          actions.updateStory.mutate({ id: story.id, userType, action, benefit, [field]: value })
        }
      />
    </b>
  );
  const who = part("userType", "As a (user type)");
  const what = part("action", "I want to (action)");
  const why = part("benefit", "So that (benefit)");
  const unstated = isUnstated(benefit);
  // "As an owner" / "As a user": the article the role takes, as every export writes it.
  const article = roleWithArticle(userType).slice(0, -userType.trim().length).trim() || "a";
  // A need the offline rules could not write as a story: its title, said plainly to be still to write.
  const toWrite = isToWrite(benefit);
  return (
    <Card withBorder p="xs" radius="sm" data-story={story.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {toWrite ? (
          <Text size="sm">
            {part("action", "Need")}{" "}
            <Text span size="sm" c="dimmed" fs="italic">
              (said by {article} {userType}: still to be written as a story)
            </Text>
          </Text>
        ) : (
          <Text size="sm">
            As {article} {who}, I want to {what}
            {unstated ? (
              <>
                {" "}
                <Text span size="sm" c="dimmed" fs="italic">
                  <InlineEdit
                    label="So that (benefit)"
                    value=""
                    placeholder="(no reason given: add why)"
                    onSave={(value) =>
                      actions.updateStory.mutate({ id: story.id, userType, action, benefit: value })
                    }
                  />
                </Text>
              </>
            ) : (
              <> so that {why}</>
            )}
          </Text>
        )}
        <ItemMenu
          kind="user story"
          label={`Actions for user story: ${story.action}`}
          confirmMessage={`“${storySentence({ userType, action, benefit: "not stated" })}” will be deleted.`}
          onDelete={() => actions.deleteStory.mutate({ id: story.id })}
        />
      </Group>
      {(story.assumption || story.priority) && (
        <Group gap={6} mt={6}>
          {story.priority && (
            <Badge size="xs" variant="light" color={PRIORITY_COLOR[story.priority]}>
              {story.priority} priority
            </Badge>
          )}
          {story.assumption && (
            <Tooltip
              label={
                unstated
                  ? "The participant did not say why: ask them before building"
                  : "Nobody stated this benefit in an interview: check it before building"
              }
            >
              <Badge size="xs" color="yellow" variant="light" data-assumption>
                {unstated ? "Reason not stated" : "Assumption"}
              </Badge>
            </Tooltip>
          )}
        </Group>
      )}
      {story.evidence.length ? (
        <EvidenceQuotes evidence={story.evidence} nameOf={nameOf} max={2} />
      ) : (
        story.quote && (
          <Blockquote p={6} mt={6} fz="xs" color="indigo" cite="From the interview transcript">
            “{story.quote}”
          </Blockquote>
        )
      )}
    </Card>
  );
}

export function FeatureCard({
  feature,
  actions,
  nameOf,
  onAddStory,
}: {
  feature: Feature;
  actions: RequirementsActions;
  nameOf: NameOf;
  onAddStory: () => void;
}) {
  const update = (fields: { name?: string; description?: string; acceptanceCriteria?: Criteria }) =>
    actions.updateFeature.mutate({ id: feature.id, ...fields });
  return (
    <Card withBorder radius="md" p="md" bg="var(--parley-subtle-surface)">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} component="h5" m={0}>
            <InlineEdit label="Feature name" value={feature.name} onSave={(name) => update({ name })} />
          </Text>
          <DescriptionEdit
            label="Feature description"
            value={feature.description}
            onSave={(description) => update({ description })}
          />
        </Box>
        <ItemMenu
          kind="feature"
          label={`Actions for feature ${feature.name}`}
          add={{ label: "Add Story", onClick: onAddStory }}
          confirmMessage={`“${feature.name}” and its user stories will be deleted.`}
          onDelete={() => actions.deleteFeature.mutate({ id: feature.id })}
        />
      </Group>
      <Box mt="sm">
        <SectionLabel>Acceptance criteria</SectionLabel>
        <CriteriaList
          criteria={feature.acceptanceCriteria}
          nameOf={nameOf}
          onSave={(acceptanceCriteria) => update({ acceptanceCriteria })}
        />
      </Box>
      <Group justify="space-between" mt="md">
        <SectionLabel>User stories</SectionLabel>
        <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={onAddStory}>
          Add Story
        </Button>
      </Group>
      <Stack gap="xs" mt={4}>
        {!feature.stories.length && (
          <Text size="sm" c="dimmed">
            No user stories yet.
          </Text>
        )}
        {feature.stories.map((story) => (
          <StoryCard key={story.id} story={story} actions={actions} nameOf={nameOf} />
        ))}
      </Stack>
    </Card>
  );
}
