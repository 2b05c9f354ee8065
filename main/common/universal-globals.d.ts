// The WHATWG URL class exists in every runtime main/common runs in (Node,
// Chromium, Electron). Declared here so common can use it without pulling in
// the DOM or Node typings, which would hide layer violations. Only the members
// we use; the other projects get the full type from their own libs.
declare class URL {
  constructor(url: string, base?: string);
  readonly host: string;
  readonly origin: string;
  readonly password: string;
  readonly protocol: string;
  readonly username: string;
  readonly search: string;
  readonly hash: string;
  readonly hostname: string;
  toString(): string;
}
