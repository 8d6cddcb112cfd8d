import { Container, Stack, Text, Title } from "@mantine/core";
import { PublicLayout, SUPPORT_EMAIL } from "../../components/public/PublicLayout";

export const EFFECTIVE_DATE = "June 30, 2025";

/** A legal page: sections of headings and paragraphs, with the effective date. */
export function LegalPage({ title, sections }: { title: string; sections: Array<[string, string[]]> }) {
  return (
    <PublicLayout>
      <Container size="md" py={56}>
        <Stack gap="lg">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" mt="xs">
              Effective date: {EFFECTIVE_DATE}
            </Text>
          </div>
          {sections.map(([heading, paragraphs]) => (
            <section key={heading}>
              <Title order={2} size="h3">
                {heading}
              </Title>
              {paragraphs.map((p) => (
                <Text key={p.slice(0, 40)} mt="sm">
                  {p}
                </Text>
              ))}
            </section>
          ))}
          <Text c="dimmed" size="sm">
            Questions? Write to {SUPPORT_EMAIL}. Parley Labs LLC.
          </Text>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
