import type { EvalProject } from "./types";

/** Authored projects (1–4): each with key points, planted conflicts and planted negations. */
export const PROJECTS_A: EvalProject[] = [
  {
    name: "Bike share",
    interviews: [
      {
        interviewId: 101,
        name: "Rider (Maya)",
        stakeholderType: "user",
        transcript: `AI: Thanks for joining. How do you use the bikes today?
Participant: I ride to the station every weekday, about 4.5 km each way. I'm a commuter, so speed matters a lot.
AI: What gets in the way?
Participant: Half the docks near the station are always full in the morning, so I circle around looking for a free one. It's frustrating and I'm late at least twice a week.
AI: How do you unlock a bike now?
Participant: With the plastic card they mailed me. I don't want to unlock the bike with a separate card. I want to unlock it with my phone so that I can leave the card at home.
AI: Anything about accounts?
Participant: I don't want to create an account just to ride once when friends visit.
AI: What else?
Participant: I need to see how many free docks are at the station so that I can decide where to park before I arrive. Did you see the football last night?
AI: I did not, sorry! Anything on battery levels?
Participant: For the e-bikes, I want to see the battery level before I unlock one, because a flat battery on a hill is the worst.`,
      },
      {
        interviewId: 102,
        name: "Operations manager (Tom)",
        stakeholderType: "business",
        transcript: `AI: What does your team own?
Participant: I'm the operations manager, so my team rebalances about 900 bikes across 60 docks every night.
AI: What is hardest?
Participant: We find out about broken bikes from angry emails, usually days late. Damage costs us roughly 12,000 euros a month.
AI: What would help?
Participant: Every rider must have an account so that we can contact them about damage. We need riders to report a broken bike from the app in two taps.
AI: What about the docks?
Participant: I want a live map of dock occupancy so that the vans go where docks are full.
AI: Anything still open?
Participant: We haven't decided whether e-bikes cost more per minute than normal bikes.`,
      },
      {
        interviewId: 103,
        name: "Backend developer (Ines)",
        stakeholderType: "developer",
        transcript: `AI: How do the docks talk to the servers?
Participant: Each dock sends a heartbeat every 30 seconds over a slow cellular link.
AI: What constraints should we know about?
Participant: The unlock must work within 2 seconds even on a slow connection. We need an API that the city's open data portal can read, because the contract requires it.
AI: Anything the new system should never do?
Participant: Location data must never be kept for longer than 30 days.`,
      },
    ],
    keyPoints: [
      "separate card",
      "phone",
      "free docks",
      "battery",
      "account",
      "broken bike",
      "dock occupancy",
      "2 seconds",
      "30 days",
      "open data",
    ],
    conflicts: [{ word: "account", interviewIds: [101, 102] }],
    negations: [
      { interviewId: 101, phrase: "unlock the bike with a separate card" },
      { interviewId: 101, phrase: "create an account just to ride once" },
      { interviewId: 103, phrase: "kept for longer than 30 days" },
    ],
  },
  {
    name: "Clinic booking",
    interviews: [
      {
        interviewId: 201,
        name: "Receptionist (Ana)",
        stakeholderType: "user",
        transcript: `AI: Tell me about the front desk.
User: I'm the receptionist at a small clinic with Dr. Patel and Dr. Ruiz. Most of my morning is spent on the phone booking appointments.
AI: What about the patients signing in?
User: Many of our patients are over 70. They must not need a password. A code sent by text message is fine for them.
AI: What slows you down?
User: When a patient books online I still copy their details into our records system by hand. I make mistakes when I'm rushed.
AI: What would make a difference?
User: I need to see the day's cancellations on one screen so that I can offer the slots to the waiting list.`,
      },
      {
        interviewId: 202,
        name: "Clinic owner (Dr. Patel)",
        stakeholderType: "business",
        transcript: `AI: What outcome matters most to you?
User: No-shows are about 15% of appointments, and each one costs us roughly 80 dollars.
AI: And your staff?
User: I don't want the receptionist typing things twice. Bookings have to flow into the records system on their own.
AI: How would you measure success?
User: The goal is to bring no-shows below 5% by the end of the year.
AI: Anything else?
User: Patients should get a reminder by text the day before so that they remember to come. We are not sure yet whether the clinic or the patient pays for the messages.`,
      },
      {
        interviewId: 203,
        name: "IT contractor (Sam)",
        stakeholderType: "developer",
        transcript: `AI: What do you look after?
Participant: I look after the clinic's records system and the network.
AI: What about sign-in?
Participant: Patients should log in with a password so that their records stay private. Medical details must never appear in a text message.
AI: Integrations?
Participant: The booking tool has to integrate with the records system through its HL7 interface.`,
      },
    ],
    keyPoints: [
      "password",
      "text",
      "cancellations",
      "waiting list",
      "no-shows",
      "typing things twice",
      "records system",
      "reminder",
      "medical details",
      "HL7",
    ],
    conflicts: [{ word: "password", interviewIds: [201, 203] }],
    negations: [
      { interviewId: 201, phrase: "need a password" },
      { interviewId: 202, phrase: "typing things twice" },
      { interviewId: 203, phrase: "appear in a text message" },
    ],
  },
  {
    name: "Field service",
    interviews: [
      {
        interviewId: 301,
        name: "Dispatcher (Leo)",
        stakeholderType: "user",
        messages: [
          { role: "ai", content: "What does a normal morning look like?" },
          {
            role: "user",
            content:
              "I'm a dispatcher for a plumbing company with twenty technicians. Every morning I copy jobs from a spreadsheet into Google Maps, which takes two hours.",
          },
          { role: "ai", content: "So you need a better spreadsheet?" },
          {
            role: "user",
            content:
              "No. I need to see every technician's location live so that I can send the closest one to an emergency.",
          },
          { role: "ai", content: "What else?" },
          {
            role: "user",
            content:
              "I would like the routes to update automatically when traffic changes. Customers call the office all day asking when the plumber will arrive.",
          },
        ],
      },
      {
        interviewId: 302,
        name: "Technician (Kofi)",
        stakeholderType: "user",
        messages: [
          { role: "ai", content: "How does your day start?" },
          {
            role: "user",
            content:
              "I'm a technician, and I get my first job by phone call at 7 a.m., usually while I'm driving.",
          },
          { role: "ai", content: "How do you feel about location sharing?" },
          {
            role: "user",
            content:
              "I don't want the app tracking my location after my shift. It must never share my location outside working hours.",
          },
          { role: "ai", content: "What would help you on the road?" },
          {
            role: "user",
            content:
              "I want to see the next job's address and parts list on my phone so that I don't drive back to the depot.",
          },
        ],
      },
    ],
    keyPoints: ["spreadsheet", "location", "closest", "traffic", "routes", "shift", "parts list", "depot"],
    conflicts: [{ word: "location", interviewIds: [301, 302] }],
    negations: [
      { interviewId: 302, phrase: "tracking my location after my shift" },
      { interviewId: 302, phrase: "share my location outside working hours" },
    ],
  },
  {
    name: "Classroom app",
    interviews: [
      {
        interviewId: 401,
        name: "Teacher (Mrs. Okafor)",
        stakeholderType: "user",
        transcript: `AI: How do you use the app in class?
Participant: I'm a teacher for two classes of 9-year-olds. I set reading tasks, i.e. a chapter and five questions, three times a week.
AI: What do you worry about?
Participant: I don't want a public leaderboard in my classroom, because the slower readers feel ashamed.
AI: What would help you?
Participant: I need to see which pupils haven't opened the task so that I can remind them in the morning. Marking takes me about 3 hours every Sunday.`,
      },
      {
        interviewId: 402,
        name: "Pupil (Jonah)",
        stakeholderType: "user",
        transcript: `AI: What do you like about reading on the app?
Participant: The stories are fun but the questions are boring.
AI: What would make it better?
Participant: I want a leaderboard so that I can compete with my friends. I want badges for finishing a book too.
AI: Anything annoying?
Participant: It logs me out every time, and I forget my password.`,
      },
      {
        interviewId: 403,
        name: "Parent (Mr. Li)",
        stakeholderType: "other",
        transcript: `AI: What matters to you as a parent?
Participant: The app must never show ads to children. I want a weekly email so that I know what my daughter read.
AI: Anything about data?
Participant: Her name and school should not be visible to other users. We still haven't decided if we want the app on her own tablet.`,
      },
    ],
    keyPoints: [
      "leaderboard",
      "haven't opened",
      "marking",
      "badges",
      "password",
      "ads",
      "weekly email",
      "name and school",
    ],
    conflicts: [{ word: "leaderboard", interviewIds: [401, 402] }],
    negations: [
      { interviewId: 401, phrase: "public leaderboard" },
      { interviewId: 403, phrase: "show ads to children" },
      { interviewId: 403, phrase: "visible to other users" },
    ],
  },
];
