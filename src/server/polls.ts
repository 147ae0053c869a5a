/** A poll as stored (`polls`), and as the studio reads it (§3 Poll): shared by the studio's routes and the audience's. */

export interface PollRow {
  guid: string;
  question: string;
  options: { optionNumber: number; option: string }[];
  status: string | null;
  results: { option: string; votes: number }[];
}

export const toPoll = (r: PollRow) => ({ pollGuid: r.guid, question: r.question, options: r.options, ...(r.status ? { status: r.status } : {}), results: r.results });
