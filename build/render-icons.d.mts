export declare const ICON_SIZE: number;
/** Renders dir/icon.svg to dir/icon.png and returns the PNG's path. */
export declare function renderIcons(dir?: string): string;
