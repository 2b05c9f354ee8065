import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderIcons } from '../../../build/render-icons.mjs';
import { makeTempDir } from '../../helpers/temp-dir';
import { resolveRelease, type ReleaseTarget } from './release-config';

const root = resolve('.');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown> & { version: string };

let copies = 0;

/** A copy of the project's release inputs, with package.json changed by edit. */
function projectWith(dir: string, edit: (pkg: Record<string, unknown>) => void): string {
  copies += 1;
  const project = join(dir, `project-${copies}`);
  mkdirSync(project);
  const copy = structuredClone(pkg);
  edit(copy);
  writeFileSync(join(project, 'package.json'), JSON.stringify(copy, null, 2));
  cpSync('electron-builder.yml', join(project, 'electron-builder.yml'));
  cpSync('build', join(project, 'build'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  return project;
}

describe('release configuration, validated by electron-builder for every OS', () => {
  const dir = makeTempDir('cow-desk-release-');
  afterAll(() => dir.remove());
  let targets: ReleaseTarget[] = [];
  const find = (platform: string, target: string, arch: string) => targets.find((t) => t.platform === platform && t.target.toLowerCase() === target && t.arch === arch);

  it('passes electron-builder metadata, schema and target checks and builds the full target list', async () => {
    renderIcons();
    targets = await resolveRelease(root, { outputDir: join(dir.path, 'release') });
    expect(targets.map((t) => `${t.platform}/${t.target.toLowerCase()}/${t.arch}`).sort()).toEqual(
      ['linux/appimage/x64', 'linux/deb/x64', 'mac/dmg/arm64', 'mac/dmg/x64', 'mac/zip/arm64', 'mac/zip/x64', 'win/nsis/x64'].sort(),
    );
  }, 60_000);

  it('names every artifact with the version and the architecture', () => {
    for (const target of targets) {
      expect(target.artifactName, target.target).toContain(pkg.version);
      // Linux packages spell x64 the distribution's way.
      const names = target.arch === 'x64' ? /x64|x86_64|amd64/ : new RegExp(target.arch);
      expect(target.artifactName, target.target).toMatch(names);
    }
  });

  it('publishes an update feed for every target', () => {
    for (const target of targets) expect(target.publish, `${target.platform} ${target.target}`).toEqual([expect.objectContaining({ provider: 'github', owner: expect.any(String), repo: expect.any(String) })]);
  });

  it('makes the deb depend on libsecret (the keychain) and registers the cow-desk: scheme in the .desktop entry', () => {
    expect(find('linux', 'deb', 'x64')!.options.depends).toContain('libsecret-1-0');
    for (const target of ['appimage', 'deb']) expect(find('linux', target, 'x64')!.desktopEntry).toMatch(/^MimeType=x-scheme-handler\/cow-desk;$/m);
  });

  // electron-builder converts build/icon.png into the .icns, the .ico and the Linux sizes with a
  // toolset it downloads (not possible here); it wants at least 512 px for macOS and 256 for Windows.
  it('gives every OS the icon rendered from the one source image, large enough for each', () => {
    const png = readFileSync(renderIcons());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
    for (const target of targets) expect(target.options.icon, `${target.platform} ${target.target}`).toBe('build/icon.png');
  });

  it('signs macOS builds with the hardened runtime and JIT entitlement, and notarizes them', () => {
    for (const arch of ['x64', 'arm64']) {
      const options = find('mac', 'zip', arch)!.options;
      expect(options).toMatchObject({ hardenedRuntime: true, notarize: true });
      const entitlements = readFileSync(String(options.entitlements), 'utf8');
      expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    }
  });

  it('takes signing and notarization secrets from the environment of the release workflow, on all three OSes', () => {
    const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as {
      on: { push: { tags: string[] } };
      jobs: { build: { strategy: { matrix: { include: { os: string }[] } }; steps: { run?: string; env?: Record<string, string> }[] } };
    };
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(workflow.jobs.build.strategy.matrix.include.map((row) => row.os.split('-')[0])).toEqual(['ubuntu', 'macos', 'windows']);
    const dist = workflow.jobs.build.steps.find((step) => step.run?.startsWith('npm run dist'))!;
    expect(Object.keys(dist.env!)).toEqual(expect.arrayContaining(['GH_TOKEN', 'CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']));
    // No secret is written into the configuration itself.
    expect(readFileSync('electron-builder.yml', 'utf8')).not.toMatch(/^\s*(cscLink|cscKeyPassword|certificateFile|certificatePassword|identity)\s*:/m);
  });

  it.each([
    ['homepage', (p: Record<string, unknown>) => delete p.homepage, /"homepage"/],
    ['license', (p: Record<string, unknown>) => delete p.license, /"license"/],
    ['repository', (p: Record<string, unknown>) => delete p.repository, /"repository.url"/],
  ])('refuses a package.json without its %s', async (_field, edit, message) => {
    await expect(resolveRelease(projectWith(dir.path, edit), { outputDir: join(dir.path, 'release') })).rejects.toThrow(message);
  }, 60_000);

  it.each([
    ['homepage or repository', (p: Record<string, unknown>) => (delete p.homepage, delete p.repository), /project homepage/],
    ['author email', (p: Record<string, unknown>) => (p.author = { name: 'CoW Desk contributors' }), /author 'email'/],
  ])("is refused by electron-builder's own checks without a %s", async (_field, edit, message) => {
    await expect(resolveRelease(projectWith(dir.path, edit), { ownChecks: false, outputDir: join(dir.path, 'release') })).rejects.toThrow(message);
  }, 60_000);

  it('refuses a configuration field electron-builder does not know', async () => {
    const project = projectWith(dir.path, () => undefined);
    writeFileSync(join(project, 'electron-builder.yml'), `${readFileSync('electron-builder.yml', 'utf8')}\nmac_notarise: true\n`);
    await expect(resolveRelease(project, { ownChecks: false, outputDir: join(dir.path, 'release') })).rejects.toThrow(/mac_notarise/);
  }, 60_000);
});
