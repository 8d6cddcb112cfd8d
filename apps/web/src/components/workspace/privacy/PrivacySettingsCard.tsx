import { Button, Card, Collapse, Group, Select, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconShieldLock } from "@tabler/icons-react";
import { useId } from "react";
import { RETENTION_OPTIONS, retentionLabel } from "../../../features/privacy/retention";
import { FoldedCardHeader } from "../FoldedCardHeader";
import type { Project } from "../labels";
import { usePrivacySettings } from "./usePrivacySettings";

/** The folded card's one line: what documents show and how long raw conversations are kept. */
export function privacySummary(project: Pick<Project, "showPersonalDetails" | "retentionDays">): string {
  const documents = project.showPersonalDetails
    ? "Documents show personal details"
    : "Documents show placeholders";
  return `${documents} · raw conversations kept ${retentionLabel(project.retentionDays)}`;
}

/**
 * The project's privacy settings (issue 26): whether documents show participants' personal details,
 * and how long raw conversations, audio and images are kept. Folded under a one-line summary.
 */
export function PrivacySettingsCard({ project, readOnly = false }: { project: Project; readOnly?: boolean }) {
  const [opened, { toggle }] = useDisclosure(false);
  const { form, submit, saving } = usePrivacySettings(project);
  const explanationId = useId();
  return (
    <Card withBorder radius="lg" p={0} data-testid="privacy-settings">
      <FoldedCardHeader
        opened={opened}
        onToggle={toggle}
        controls="project-privacy"
        title="Privacy"
        summary={privacySummary(project)}
        icon={<IconShieldLock size={16} aria-hidden style={{ flexShrink: 0 }} />}
      />
      <Collapse expanded={opened} id="project-privacy">
        <form onSubmit={submit} aria-label="Privacy settings">
          <Stack gap="md" px="lg" pb="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {/* The explanation is the switch's description, not part of its name (Mantine's description sits inside the label). */}
              <div>
                <Switch
                  label="Show personal details in documents"
                  aria-describedby={explanationId}
                  disabled={readOnly}
                  styles={{ label: { fontWeight: 500 } }}
                  {...form.getInputProps("showPersonalDetails", { type: "checkbox" })}
                />
                <Text id={explanationId} size="xs" c="dimmed" mt={4} pl={50}>
                  Off: documents, exports and the build prompt show placeholders such as [PERSON 1]. On: they
                  show the details.
                </Text>
              </div>
              <Select
                label="Keep raw conversations, audio and images"
                description="Documents made from interviews are kept, with placeholders."
                data={RETENTION_OPTIONS}
                allowDeselect={false}
                disabled={readOnly}
                {...form.getInputProps("retention")}
              />
            </SimpleGrid>
            {!readOnly && (
              <Group justify="flex-end" gap="sm">
                {form.isDirty() && (
                  <Text size="xs" c="dimmed" role="status">
                    Not saved yet
                  </Text>
                )}
                <Button type="submit" size="sm" loading={saving} disabled={!form.isDirty()}>
                  Save privacy settings
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Collapse>
    </Card>
  );
}
