/**
 * Everything the participant's page shows once the interview has started (or ended): one chunk,
 * fetched when the participant taps Start or a reload resumes, so the welcome screen — the page's
 * first paint on a phone — loads none of it (menus, dialogs, scroll areas, the composer, notes).
 */
export { MessageComposer } from "../../components/messages/MessageComposer";
export { MessageScroll } from "../../components/messages/MessageScroll";
export { Bubble, VoiceBar } from "../../components/participant/Conversation";
export { FinalNotice } from "../../components/participant/FinalNotice";
export { InterviewRoom } from "../../components/participant/InterviewRoom";
export { EndConfirm, InterviewToolbar } from "../../components/participant/InterviewToolbar";
export { NotesPad } from "../../components/participant/NotesPad";
export { RefusalNotice } from "../../components/participant/RefusalNotice";
export { ThankYou } from "../../components/participant/ThankYou";
