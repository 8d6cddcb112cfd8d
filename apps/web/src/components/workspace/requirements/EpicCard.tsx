import { ActionIcon, Badge, Box, Button, Card, Collapse, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { type Epic, FeatureCard } from "./FeatureCard";
import { DescriptionEdit, InlineEdit } from "./InlineEdit";
import { ItemMenu } from "./ItemMenu";
import type { RequirementsActions } from "./useRequirementsActions";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An epic: name and description edited in place, folded to one line with its counts. */
export function EpicCard({
  epic,
  actions,
  nameOf,
  onAddFeature,
  onAddStory,
}: {
  epic: Epic;
  actions: RequirementsActions;
  /** The interview's name for an evidence quote. */
  nameOf: (interviewId: number) => string;
  onAddFeature: () => void;
  onAddStory: (featureId: number) => void;
}) {
  const [open, setOpen] = useState(true);
  const stories = epic.features.reduce((n, f) => n + f.stories.length, 0);
  const bodyId = `epic-${epic.id}-body`;
  return (
    <Card withBorder radius="lg" p="lg" data-epic={epic.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={22}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? "Collapse" : "Expand"} epic ${epic.name}`}
        >
          <IconChevronDown
            size={18}
            style={{ transform: open ? undefined : "rotate(-90deg)", transition: "transform 150ms" }}
          />
        </ActionIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" mb={4}>
            <Badge variant="light">Epic</Badge>
            <Text size="xs" c="dimmed">
              {count(epic.features.length, "feature", "features")} · {count(stories, "story", "stories")}
            </Text>
          </Group>
          <Title order={4}>
            <InlineEdit
              label="Epic name"
              size="md"
              value={epic.name}
              onSave={(name) => actions.updateEpic.mutate({ id: epic.id, name })}
            />
          </Title>
          {open && (
            <DescriptionEdit
              label="Epic description"
              value={epic.description}
              onSave={(description) => actions.updateEpic.mutate({ id: epic.id, description })}
            />
          )}
        </Box>
        <ItemMenu
          kind="epic"
          label={`Actions for epic ${epic.name}`}
          add={{ label: "Add Feature", onClick: onAddFeature }}
          confirmMessage={`“${epic.name}” and all its features and user stories will be deleted.`}
          onDelete={() => actions.deleteEpic.mutate({ id: epic.id })}
        />
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <Stack mt="md" gap="sm">
          {epic.features.map((feature) => (
            <FeatureCard
              key={feature.id}
              feature={feature}
              actions={actions}
              nameOf={nameOf}
              onAddStory={() => onAddStory(feature.id)}
            />
          ))}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={onAddFeature}
            w="fit-content"
          >
            Add Feature
          </Button>
        </Stack>
      </Collapse>
    </Card>
  );
}
