import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// electron-builder's own packager, used up to the point where it would start packing: it reads
// electron-builder.yml and package.json, validates them (checkMetadata and the JSON schema of the
// configuration), creates every configured target for every OS and arch, and asks each target to
// check its options (the deb target wants a homepage and an author email, for example).
// app-builder-lib is electron-builder's own library: resolved from electron-builder, the project's dependency.
const require = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const builder = require('app-builder-lib') as typeof import('app-builder-lib');
const { computeArchToTargetNamesMap, createTargets } = require('app-builder-lib/out/targets/targetFactory') as typeof import('app-builder-lib/out/targets/targetFactory');
const { getPublishConfigs } = require('app-builder-lib/out/publish/PublishManager') as typeof import('app-builder-lib/out/publish/PublishManager');
const { createElectronFrameworkSupport } = require('app-builder-lib/out/electron/ElectronFramework') as typeof import('app-builder-lib/out/electron/ElectronFramework');

export interface ReleaseTarget {
  platform: 'linux' | 'mac' | 'win';
  arch: string;
  target: string;
  artifactName: string;
  /** The platform section merged with the target's own section, as electron-builder uses it. */
  options: Record<string, unknown>;
  publish: Record<string, unknown>[];
  /** The .desktop entry electron-builder writes (Linux targets), else null. */
  desktopEntry: string | null;
}



const EXTENSIONS: Record<string, string> = { appimage: 'AppImage', deb: 'deb', dmg: 'dmg', zip: 'zip', nsis: 'exe' };

/**
 * The package metadata a release carries (the issue's list): electron-builder derives a missing
 * homepage from the repository and accepts a deb without a license, so these are checked here.
 */
export const RELEASE_METADATA = ['homepage', 'author.name', 'author.email', 'license', 'repository.url'] as const;

export function checkReleaseMetadata(pkg: Record<string, unknown>): void {
  const missing = RELEASE_METADATA.filter((path) => {
    const value = path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), pkg);
    return typeof value !== 'string' || value.trim() === '';
  });
  if (missing.length > 0) throw new Error(`package.json needs ${missing.map((field) => `"${field}"`).join(', ')} for a release.`);
}

/** Every target of every OS as electron-builder resolves it from projectDir; rejects like electron-builder would. */
export async function resolveRelease(projectDir: string, { ownChecks = true, outputDir = join(projectDir, 'release') } = {}): Promise<ReleaseTarget[]> {
  if (ownChecks) checkReleaseMetadata(JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as Record<string, unknown>);
  const { Packager, Platform, Arch, AppInfo } = builder;
  const packager = new Packager({ projectDir, config: join(projectDir, 'electron-builder.yml'), targets: new Map() });
  await packager.validateConfig();
  // What Packager.build() sets up before packing.
  const internals = packager as unknown as { _appInfo: unknown; _framework: unknown };
  internals._appInfo = new AppInfo(packager, null);
  internals._framework = await createElectronFrameworkSupport(packager.config, packager);
  // Anything electron-builder writes while resolving goes to outputDir, like in a real build.
  (packager.config.directories as { output: string }).output = outputDir;
  const result: ReleaseTarget[] = [];
  for (const platform of [Platform.LINUX, Platform.MAC, Platform.WINDOWS]) {
    const helper = await (packager as unknown as { createHelper(p: typeof platform): Promise<import('app-builder-lib').PlatformPackager<never>> }).createHelper(platform);
    for (const [arch, names] of computeArchToTargetNamesMap(new Map(), helper, platform)) {
      for (const target of createTargets(new Map(), names, outputDir, helper)) {
        await target.checkOptions();
        const options = (target.options ?? {}) as Record<string, unknown>;
        const ext = EXTENSIONS[target.name.toLowerCase()] ?? target.name;
        result.push({
          platform: platform.buildConfigurationKey as ReleaseTarget['platform'],
          arch: Arch[arch],
          target: target.name,
          artifactName: helper.expandArtifactNamePattern(target.options, ext, arch),
          options: { ...(helper.platformSpecificBuildOptions as Record<string, unknown>), ...options },
          publish: ((await getPublishConfigs(helper, target.options, arch, true)) ?? []) as unknown as Record<string, unknown>[],
          desktopEntry: await desktopEntryOf(target),
        });
      }
    }
  }
  return result;
}

type Helper = { computeDesktopEntry(options: unknown): Promise<string> };

async function desktopEntryOf(target: { options?: unknown }): Promise<string | null> {
  const helper = (target as { helper?: Helper }).helper;
  return helper ? helper.computeDesktopEntry(target.options) : null;
}

