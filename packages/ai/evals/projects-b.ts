import type { EvalProject } from "./types";

/** Authored projects (5–8): each with key points, planted conflicts and planted negations. */
export const PROJECTS_B: EvalProject[] = [
  {
    name: "Restaurant ordering",
    interviews: [
      {
        interviewId: 501,
        name: "Owner (Giulia)",
        stakeholderType: "business",
        transcript: `AI: What should table ordering change for you?
Participant: On Friday nights we turn each table about 2.5 times, and orders get lost between the floor and the kitchen.
AI: What would a good outcome be?
Participant: We want tips to be added automatically so that the staff are paid fairly. The goal is to turn tables three times on a Friday.
AI: Anything about payments?
Participant: Card payments have to go through our existing Square terminal.`,
      },
      {
        interviewId: 502,
        name: "Guest (Priya)",
        stakeholderType: "user",
        transcript: `AI: How do you usually order when you eat out?
Participant: I scan the QR code if there is one, e.g. at the burger place near work.
AI: What annoys you?
Participant: I don't want tips added automatically. I don't want to download an app just to order a pizza.
AI: What would make it good?
Participant: I want to split the bill with friends so that nobody has to do maths at the table.`,
      },
      {
        interviewId: 503,
        name: "Head chef (Marco)",
        stakeholderType: "user",
        transcript: `AI: How do orders reach the kitchen today?
Participant: Waiters shout them or pin paper tickets, and allergy notes get lost.
AI: What do you need?
Participant: Allergy notes must be printed in red on every ticket. I need the orders on a screen in the order they were placed.`,
      },
    ],
    keyPoints: [
      "lost",
      "tips",
      "Square terminal",
      "download an app",
      "split the bill",
      "allergy",
      "screen",
      "three times",
    ],
    conflicts: [{ word: "tip", interviewIds: [501, 502] }],
    negations: [
      { interviewId: 502, phrase: "tips added automatically" },
      { interviewId: 502, phrase: "download an app just to order" },
    ],
  },
  {
    name: "Employee onboarding",
    interviews: [
      {
        interviewId: 601,
        name: "HR manager (Beth)",
        stakeholderType: "business",
        transcript: `AI: How does onboarding work today?
Participant: We hire about 40 people a month, and each new hire fills in 14 forms in their first week.
AI: What is non-negotiable?
Participant: New hires must sign paper forms for the works council, because the agreement says so. We need a checklist for managers so that nobody's first day is forgotten.`,
        readBack: {
          points: [
            { text: "Managers need a checklist so that no first day is forgotten", confirmed: true },
            {
              text: "Each new hire fills in 14 forms",
              confirmed: false,
              correction: "It is 12 forms now, not 14.",
            },
          ],
        },
      },
      {
        interviewId: 602,
        name: "New hire (Chen)",
        stakeholderType: "user",
        transcript: `AI: How was your first week?
Participant: I spent my first two days waiting for a laptop.
AI: What would you change?
Participant: I don't want to sign paper forms in my first week. I want to fill in my details once so that every system gets them.
AI: Anything else?
Participant: I wish I knew who my buddy was before day one.`,
      },
      {
        interviewId: 603,
        name: "IT administrator (Ravi)",
        stakeholderType: "developer",
        transcript: `AI: What does IT need from onboarding?
Participant: Accounts are created by hand from an email, so laptops are late.
AI: Constraints?
Participant: Personal data must never leave the EU servers. The tool has to sync new hires with Azure AD.
AI: Open points?
Participant: It's unclear who approves access to the finance system.`,
      },
    ],
    keyPoints: [
      "14 forms",
      "paper forms",
      "checklist",
      "laptop",
      "details once",
      "buddy",
      "EU servers",
      "Azure AD",
      "finance system",
    ],
    conflicts: [{ word: "paper", interviewIds: [601, 602] }],
    negations: [
      { interviewId: 602, phrase: "sign paper forms in my first week" },
      { interviewId: 603, phrase: "leave the EU servers" },
    ],
  },
  {
    name: "Warehouse picking",
    interviews: [
      {
        interviewId: 701,
        name: "Warehouse manager (Olu)",
        stakeholderType: "business",
        transcript: `AI: What does success look like?
Participant: Our pick error rate is 3.2%, and every wrong parcel costs about 25 pounds to fix.
AI: What rules must the new system follow?
Participant: Pickers must scan every item so that stock counts stay right. The goal is to get errors under 1%.`,
      },
      {
        interviewId: 702,
        name: "Picker (Dana)",
        stakeholderType: "user",
        transcript: `AI: Walk me through a shift.
Participant: I walk about 15 km a shift with a trolley and a paper list.
AI: What would make it easier?
Participant: I don't want to scan every single item when a box holds 50 of the same thing. I want the list sorted by aisle so that I stop walking back and forth.
AI: And the handheld?
Participant: The handheld scanner dies before lunch.`,
      },
      {
        interviewId: 703,
        name: "Developer (Hana)",
        stakeholderType: "developer",
        transcript: `AI: What do we integrate with?
Participant: Stock lives in the ERP, and we read it through a nightly CSV file.
AI: Constraints for the first release?
Participant: The new system must not replace the ERP this year. We need webhooks from the ERP so that stock updates arrive in real time.`,
      },
    ],
    keyPoints: [
      "3.2%",
      "scan every",
      "1%",
      "15 km",
      "sorted by aisle",
      "scanner",
      "ERP",
      "webhooks",
      "nightly",
    ],
    conflicts: [{ word: "scan", interviewIds: [701, 702] }],
    negations: [
      { interviewId: 702, phrase: "scan every single item" },
      { interviewId: 703, phrase: "replace the ERP this year" },
    ],
  },
  {
    name: "Small business banking",
    interviews: [
      {
        interviewId: 801,
        name: "Café owner (Rosa)",
        stakeholderType: "user",
        transcript: `AI: How do you handle the books today?
Participant: I photograph receipts on my phone and then type them into a spreadsheet every Sunday night.
AI: What would you change?
Participant: I don't want to enter receipts twice. I want the app to read the receipt photo so that my accountant gets it straight away.
AI: Anything about payments?
Participant: I need to pay suppliers in one batch on Fridays.`,
      },
      {
        interviewId: 802,
        name: "Accountant (Mr. Dube)",
        stakeholderType: "business",
        transcript: `AI: What do you need from your clients' banking?
Participant: I want to export transactions to CSV so that I can load them into Xero. Half my clients send me shoeboxes of paper, etc. It wastes my time.
AI: Anything else?
Participant: Bank feeds should arrive daily, not monthly.`,
      },
      {
        interviewId: 803,
        name: "Compliance officer (Ms. Berg)",
        stakeholderType: "other",
        transcript: `AI: Which rules apply?
Participant: Under PSD2 every payment over 30 euros needs strong customer authentication.
AI: What must the product never do?
Participant: Customers must never export raw transaction data to unmanaged files. Audit logs have to be kept for seven years.`,
      },
    ],
    keyPoints: [
      "receipts",
      "spreadsheet",
      "enter receipts twice",
      "suppliers",
      "CSV",
      "Xero",
      "daily",
      "PSD2",
      "seven years",
    ],
    conflicts: [{ word: "export", interviewIds: [802, 803] }],
    negations: [
      { interviewId: 801, phrase: "enter receipts twice" },
      { interviewId: 803, phrase: "export raw transaction data" },
    ],
  },
];
