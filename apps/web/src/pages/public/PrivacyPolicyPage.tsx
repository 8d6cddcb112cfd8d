import { LegalPage } from "./LegalPage";

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      sections={[
        [
          "Who we are",
          [
            "Parley is operated by Parley Labs LLC. This policy explains what we collect when you use Parley, why, and the choices you have.",
          ],
        ],
        [
          "What we collect",
          [
            "Account data: your email address, name, password (stored only as a one-way hash) and subscription details.",
            "Interview data: the projects you create, the conversations, transcripts, notes and images that participants provide through your interview links, and the documents generated from them.",
            "Usage data: which AI features were used, when, and what they cost, so that we can meter plans and budgets.",
          ],
        ],
        [
          "How we use it",
          [
            "To run the service: conduct interviews, generate summaries, requirements and prompts, and show them to you.",
            "To bill you and send service emails such as password resets and usage alerts. We do not sell personal data and do not use interview content to advertise.",
          ],
        ],
        [
          "AI processing",
          [
            "When an AI provider is configured, interview text, audio and images are sent to it to produce answers, transcriptions and descriptions. Providers process this data on our behalf under their data processing terms.",
          ],
        ],
        [
          "Retention and deletion",
          [
            "Data is kept while your account exists. Deleting a project deletes its interviews and documents; deleting your account deletes everything you own and cancels any subscription.",
          ],
        ],
        [
          "Your rights",
          [
            "You can see your account, plan and usage in Account Settings and delete your account and everything in it there at any time. To correct or receive a copy of your data, write to support and we will do it within 30 days.",
          ],
        ],
      ]}
    />
  );
}
