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
            "Personal details: before anything you write or say is sent to an AI model, Parley replaces the personal details in it (names of people you mention, and contact details such as emails, phone and card numbers and addresses) with placeholders such as [PERSON 1] or [EMAIL 1]. The AI model only ever sees the placeholders. In voice mode your speech itself goes to the AI service to be transcribed as said; the details are replaced in the text it returns before any other model call.",
            "What documents carry: the summaries, requirements, build prompts and exports the owner makes from interviews carry the placeholders. Only if the owner turns on 'Show personal details in documents' for their project does Parley put the details back when it shows those documents to the owner.",
            "Who sees it: the project's owner, on their interview page, and the AI provider that runs the interviewer under our data processing terms (with personal details replaced, as above). It is not published or shared with anyone else.",
            "How long it is kept: the owner chooses, for each project, how long raw conversations, audio and images are kept: 30, 90 or 365 days after the interview, or until they delete it. A daily job deletes what has passed its time. The welcome screen tells you the project's choice. You can correct your answers on the review screen for 24 hours after ending.",
            "Your private link: when you finish, the thank-you screen gives you a private link. Open it any time to see what you said, and to delete it. Keep it private: anyone who has it can read your answers. Deleting works once, and the link stops working after it.",
            "Deletion: deleting through your private link removes your words, notes, images and the personal details found in them for good, and the owner is told. What remains are the documents the owner had already made from your interview, with placeholders in place of personal details. You can also ask the person who sent you the link, or write to support with the link and we will delete it within 30 days.",
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
