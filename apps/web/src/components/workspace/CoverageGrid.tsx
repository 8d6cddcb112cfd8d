import { Badge, Card, ScrollArea, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTRPC } from "../../lib/trpc";
import { stakeholderLabel } from "./labels";

const CELL: Record<string, { label: string; color: string }> = {
  covered: { label: "Covered", color: "green" },
  thin: { label: "Thin", color: "yellow" },
  not_reached: { label: "Not reached", color: "gray" },
};

/**
 * Topics × interviews (issue 14): how well each interview covered each topic of its plan. Topics
 * earlier completed interviews left thin are asked earlier in the next interview's plan.
 */
export function CoverageGrid({ projectId, version }: { projectId: number; version: number }) {
  const trpc = useTRPC();
  const coverage = useQuery(trpc.interviews.coverage.queryOptions({ projectId }));
  const { refetch } = coverage;
  useEffect(() => {
    // The interviews list changed (one created, deleted or updated): read the grid again.
    if (version) void refetch();
  }, [version, refetch]);

  if (!coverage.data?.interviews.length) return null;
  const { topics, interviews } = coverage.data;
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={4}>Topic coverage</Title>
      <Text size="sm" c="dimmed" mb="sm">
        How much each interview said about each topic of its plan. Thin topics are asked earlier in the next
        interview.
      </Text>
      <ScrollArea>
        <Table striped withTableBorder aria-label="Topic coverage">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Topic</Table.Th>
              {interviews.map((interview) => (
                <Table.Th key={interview.id}>
                  {`${interview.name} (${stakeholderLabel(interview.stakeholderType)})`}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {topics.map((topic) => (
              <Table.Tr key={topic.key}>
                <Table.Td>{topic.title}</Table.Td>
                {interviews.map((interview) => {
                  const status = interview.cells[topic.key];
                  const cell = status ? CELL[status] : undefined;
                  return (
                    <Table.Td key={interview.id}>
                      {cell ? (
                        <Badge color={cell.color} variant="light">
                          {cell.label}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed" aria-label="Not in this plan">
                          –
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
