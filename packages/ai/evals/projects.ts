import { PROJECTS_A } from "./projects-a";
import { PROJECTS_B } from "./projects-b";

export const PROJECTS = [...PROJECTS_A, ...PROJECTS_B];
