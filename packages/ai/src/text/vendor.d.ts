// Type declarations for two small language packages that ship none.
declare module "indefinite" {
  function indefinite(word: string, options?: { capitalize?: boolean; articleOnly?: boolean }): string;
  export default indefinite;
}
declare module "wink-lemmatizer" {
  const lemmatizer: {
    verb(word: string): string;
    noun(word: string): string;
    adjective(word: string): string;
  };
  export default lemmatizer;
}
