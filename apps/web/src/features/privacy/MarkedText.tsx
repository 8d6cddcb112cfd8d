import { Mark, VisuallyHidden } from "@mantine/core";
import { Fragment } from "react";
import { detailKindLabel, detailTitle, markDetails, type PersonalDetail } from "./details";

/**
 * Text with the participant's personal details marked (issue 26). The mark's title says what it is
 * and how documents write it; a screen reader hears the kind after the detail.
 */
export function MarkedText({
  text,
  details,
  showPersonalDetails,
}: {
  text: string;
  details: readonly PersonalDetail[];
  showPersonalDetails: boolean;
}) {
  if (!details.length) return text;
  return markDetails(text, details).map((segment, index) =>
    segment.detail ? (
      <Fragment key={index}>
        <Mark
          color="yellow"
          title={detailTitle(segment.detail, showPersonalDetails)}
          data-personal-detail={segment.detail.kind}
          px={2}
          style={{ borderRadius: 3 }}
        >
          {segment.text}
        </Mark>
        <VisuallyHidden>
          {` (personal detail: ${detailKindLabel(segment.detail.kind)}${
            segment.detail.placeholder && !showPersonalDetails
              ? `, ${segment.detail.placeholder} in documents`
              : ""
          })`}
        </VisuallyHidden>
      </Fragment>
    ) : (
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
