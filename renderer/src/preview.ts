// Entry of preview.html. The app may start only once the loopback transport is
// on window; the bundler is free to hoist static imports, so the app is loaded
// with a dynamic import, which cannot run before this line.
import './loopback-transport';

void import('./main');
