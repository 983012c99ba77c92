// The environment a service gets when it is run against pages served on loopback with the
// built-in engines only: fetching allowed to 127.0.0.1 through a host map, and every setting that
// would send the pipeline elsewhere (a search provider, a language model, an image model) blanked,
// whatever the shell exports. Used by bench/pipeline.ts and the corpus's pipeline scoring.
export function offlinePipelineEnv(hostMap: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    FETCH_ALLOW_ADDRESSES: "127.0.0.1",
    FETCH_HOST_MAP: hostMap,
    SEARCH_PROVIDER: "",
    WRITER: "builtin",
    LLM_BASE_URL: "",
    LLM_MODEL: "",
    IMAGE_BASE_URL: "",
    IMAGE_MODEL: "",
  };
}
