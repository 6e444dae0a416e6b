import { Provider, type AppUpdater, type ResolvedUpdateFileInfo, type UpdateInfo } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import type { CustomPublishOptions } from 'builder-util-runtime';
import type { MainLog } from '../log';
import { verifyManifest, type TrustedUpdateKey } from './update-manifest';
import { UpdateRefusal } from './update-refusal';

// electron-updater's generic feed with the manifest checked before electron-updater sees it.
// Installed with `updater.setFeedURL(signedFeed(...))`; electron-updater constructs it
// (providerFactory: `new options.updateProvider(options, updater, runtimeOptions)`), asks it for the
// latest UpdateInfo, and then downloads the file it names and checks its sha512 against this
// signed info (AppUpdater.executeDownload → the http executor's DigestTransform) before keeping it.

export interface FeedVerification {
  trustedKeys: readonly TrustedUpdateKey[];
  now: () => Date;
  log?: MainLog;
}

export interface SignedFeedOptions extends CustomPublishOptions {
  readonly provider: 'custom';
  readonly updateProvider: typeof SignedFeedProvider;
  /** The generic feed's base URL (electron-builder's publish url), where `<channel>.yml` and the installers are. */
  readonly url: string;
  readonly verification: FeedVerification;
}

/** Network codes of Node and Electron's net module that mean "could not reach the feed". */
function unreachable(thrown: unknown): boolean {
  const code = (thrown as { code?: unknown } | null)?.code;
  const status = (thrown as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'string' || typeof status === 'number' || /net::ERR_|timed? ?out|socket hang up/i.test(String((thrown as Error | null)?.message ?? thrown));
}

export class SignedFeedProvider extends Provider<UpdateInfo> {
  private readonly baseUrl: URL;
  private readonly options: SignedFeedOptions;

  // electron-updater types the options as any custom provider's; signedFeed() builds ours.
  constructor(
    options: CustomPublishOptions,
    private readonly updater: AppUpdater,
    runtimeOptions: ProviderRuntimeOptions,
  ) {
    super(runtimeOptions);
    this.options = options as SignedFeedOptions;
    if (typeof this.options.url !== 'string' || !this.options.verification) throw new Error('SignedFeedProvider needs the options signedFeed() makes');
    this.baseUrl = new URL(this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`);
  }

  /** latest, latest-mac, latest-linux, beta, beta-mac … as electron-updater's own providers name them. */
  get channel(): string {
    const chosen = this.updater.channel ?? (this.options.channel as string | null | undefined) ?? null;
    return chosen == null ? this.getDefaultChannelName() : this.getCustomChannelName(chosen);
  }

  async getLatestVersion(): Promise<UpdateInfo> {
    const channel = this.channel;
    const url = new URL(`${channel}.yml`, this.baseUrl);
    // As electron-updater does: some proxies and CDNs ignore Cache-Control on a GET.
    url.searchParams.set('noCache', Date.now().toString(36));
    let text: string | null;
    try {
      text = await this.httpRequest(url);
    } catch (thrown) {
      this.options.verification.log?.warn('the update feed could not be read', { url: url.origin + url.pathname, error: thrown });
      throw new UpdateRefusal(unreachable(thrown) ? 'feed_unreachable' : 'failed', `cannot read ${url.pathname}: ${String((thrown as Error)?.message ?? thrown)}`);
    }
    const verdict = verifyManifest(text ?? '', {
      trustedKeys: this.options.verification.trustedKeys,
      channel,
      currentVersion: this.updater.currentVersion.version,
      now: this.options.verification.now(),
    });
    if (!verdict.ok) {
      this.options.verification.log?.warn('an update manifest was refused', { channel, outcome: verdict.outcome, reason: verdict.reason });
      throw new UpdateRefusal(verdict.outcome, verdict.reason);
    }
    // The signed fields as parsed, electron-builder's among them: electron-updater takes version,
    // files (url, sha512, size) and stagingPercentage from here.
    return verdict.manifest as unknown as UpdateInfo;
  }

  resolveFiles(updateInfo: UpdateInfo): ResolvedUpdateFileInfo[] {
    return updateInfo.files.map((file) => ({ url: new URL(file.url, this.baseUrl), info: file }));
  }
}

/** What `updater.setFeedURL` takes to read `url` through SignedFeedProvider. */
export function signedFeed(url: string, verification: FeedVerification): SignedFeedOptions {
  return { provider: 'custom', updateProvider: SignedFeedProvider, url, verification };
}
