// Procedures of this domain are added here; see ../trpc.ts for the builders.
export const documentsRouter = {};
