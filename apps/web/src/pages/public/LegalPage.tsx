import { Container, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { PublicLayout, SUPPORT_EMAIL } from "../../components/public/PublicLayout";

export const EFFECTIVE_DATE = "June 30, 2025";

/** A section: heading, paragraphs and, when other pages link to it, its anchor id. */
export type LegalSection = [heading: string, paragraphs: string[], id?: string];

/** A legal page: sections of headings and paragraphs, with the effective date. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  const { hash } = useLocation();
  // A link to a section (/privacy-policy#interviewees) opens at that section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
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
          {sections.map(([heading, paragraphs, id]) => (
            <section key={heading} id={id} style={{ scrollMarginTop: 24 }}>
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
