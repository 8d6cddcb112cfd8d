import { LegalPage } from "./LegalPage";

export default function PoliciesPage() {
  return (
    <LegalPage
      title="Policies and Disclaimers"
      sections={[
        [
          "Cookie policy",
          [
            "Parley uses only the cookies it needs: a session cookie that keeps you signed in, and a cookie that lets an interview participant continue the interview their link opened. We use no advertising or tracking cookies.",
          ],
        ],
        [
          "Refund policy",
          [
            "You can cancel a paid plan at any time. Monthly fees already paid are not refunded for the current month, except where the law requires it or when a billing error was ours; write to support and we will make it right.",
          ],
        ],
        [
          "Acceptable use",
          [
            "Do not use Parley to interview people without their consent, to collect sensitive data you have no right to hold, to harass anyone, or to try to break or overload the service. We may suspend accounts that do.",
          ],
        ],
        [
          "Data processing",
          [
            "For the interview data your participants provide, you are the controller and Parley Labs LLC is the processor. We process it only to provide the service, keep it secure, and delete it when you delete it.",
          ],
        ],
        [
          "Disclaimer",
          [
            "AI-generated content can be incomplete or wrong. Parley does not give legal, medical or financial advice. Check important conclusions with the people you interviewed.",
          ],
        ],
      ]}
    />
  );
}
