/** Writes a stand-in `electron` executable (with a V1 fuse wire) into dir and returns dir. */
export declare function writeStandInElectron(dir: string): string;
