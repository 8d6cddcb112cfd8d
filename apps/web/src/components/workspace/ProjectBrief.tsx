import { Anchor, Box, Card, Collapse, List, SimpleGrid, Stack, Text } from "@mantine/core";
import { useLocalStorage, useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { FoldedCardHeader } from "./FoldedCardHeader";
import type { Project } from "./labels";
import { languageLabel } from "./ProjectFormModal";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Box mt={2}>{children}</Box>
    </div>
  );
}

const lines = (text: string | null) =>
  (text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The project's brief under a one-line header that folds it away. Open by default on a wide screen,
 * folded on a phone; the choice is remembered in this browser.
 */
export function ProjectBrief({ project }: { project: Project }) {
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const [stored, setStored] = useLocalStorage<"open" | "closed" | null>({
    key: "parley.projectBrief",
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const opened = stored ? stored === "open" : wide;
  const features = lines(project.keyFeatures).map((l) => l.replace(/^[-*•]\s*/, ""));
  const references = lines(project.references);
  return (
    <Card withBorder radius="lg" p={0}>
      <FoldedCardHeader
        opened={opened}
        onToggle={() => setStored(opened ? "closed" : "open")}
        controls="project-brief"
        title="Project brief"
        summary={project.objective || "No objective yet."}
      />
      <Collapse expanded={opened} id="project-brief">
        <Stack gap="md" px="lg" pb="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Field label="Objective">
              <Text size="sm">{project.objective || "—"}</Text>
            </Field>
            <Field label="Domain">
              <Text size="sm">{project.domain || "—"}</Text>
            </Field>
            <Field label="Target audience">
              <Text size="sm">{project.targetAudience || "—"}</Text>
            </Field>
          </SimpleGrid>
          {project.outputLanguage !== "en" && (
            <Field label="Written in">
              <Text size="sm">{languageLabel(project.outputLanguage)}</Text>
            </Field>
          )}
          {(features.length > 0 || project.constraints || references.length > 0) && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {features.length > 0 && (
                <Field label="Key features">
                  <List size="sm">
                    {features.map((feature) => (
                      <List.Item key={feature}>{feature}</List.Item>
                    ))}
                  </List>
                </Field>
              )}
              {project.constraints && (
                <Field label="Constraints">
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {project.constraints}
                  </Text>
                </Field>
              )}
              {references.length > 0 && (
                <Field label="References">
                  <Stack gap={2}>
                    {references.map((ref) =>
                      ref.startsWith("http") ? (
                        <Anchor key={ref} href={ref} target="_blank" rel="noopener noreferrer" size="sm">
                          {ref}
                        </Anchor>
                      ) : (
                        <Text key={ref} size="sm">
                          {ref}
                        </Text>
                      ),
                    )}
                  </Stack>
                </Field>
              )}
            </SimpleGrid>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
