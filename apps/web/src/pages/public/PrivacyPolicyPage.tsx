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
          "If you were interviewed",
          [
            "Someone who uses Parley (the project's owner) sent you an interview link. Opening it needs no account, and we ask for no name or email.",
            "What is recorded: the conversation (your written answers, or in voice mode a text transcription of what you say; the audio itself is transcribed and not stored), the notes and images you add, your corrections on the review screen and any additional feedback.",
            "Who sees it: the project's owner, on their interview page, and the AI provider that runs the interviewer under our data processing terms. It is not published or shared with anyone else.",
            "How long it is kept: until the owner deletes the interview, its project or their account. You can correct your answers on the review screen for 24 hours after ending.",
            "Deletion: to have your interview deleted, ask the person who sent you the link, or write to support with the link and we will delete it within 30 days.",
          ],
          "interviewees",
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
