/// <reference types="electron-vite/node" />

// Build-time settings of the main process (electron-vite reads MAIN_VITE_* from the environment).
interface ImportMetaEnv {
  /** Where opted-in crash reports go; unset in builds without a crash report server. */
  readonly MAIN_VITE_CRASH_REPORT_URL?: string;
}
