import { LegalPage } from "./LegalPage";

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      sections={[
        [
          "Agreement",
          [
            "By creating an account or using Parley you agree to these terms. If you use Parley for an organisation, you accept them on its behalf.",
          ],
        ],
        [
          "Your account",
          [
            "Keep your password secret and tell us about any unauthorised use. You are responsible for what happens under your account and for having the right to interview the people you invite.",
          ],
        ],
        [
          "Plans and payment",
          [
            "Paid plans are billed monthly in advance. Usage above a plan's included AI amount is billed at the end of the month (pay-as-you-go), up to any budget you set. You can cancel at any time; the plan then stops at once and you keep read access to your data.",
          ],
        ],
        [
          "Your content",
          [
            "You own the projects, interviews and documents you create. You give us the permission we need to store and process them to provide the service.",
          ],
        ],
        [
          "AI output",
          [
            "Summaries, requirements and prompts are generated automatically and may contain mistakes. Review them before relying on them; stories marked as assumptions are not backed by an interview quote.",
          ],
        ],
        [
          "Liability",
          [
            "Parley is provided as is. To the extent the law allows, our liability is limited to the fees you paid in the twelve months before a claim.",
          ],
        ],
        [
          "Changes",
          ["We may update these terms; we will tell you by email before material changes take effect."],
        ],
      ]}
    />
  );
}
