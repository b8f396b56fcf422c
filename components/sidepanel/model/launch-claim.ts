// One launch, one start. The worker hands a window's launch to every panel open in it (the side
// panel and a panel tab, say); a launch that starts a conversation at once must start it once.
// Extension pages share an origin, so a Web Lock and session storage let the first panel claim
// it and the others stand back.
import { browser } from 'wxt/browser';
import type { Launch } from '@/lib/messaging/panel-port';

const CLAIMS_KEY = 'handoff:panel-launch-claims';
/** Panels receive the same launch within milliseconds; a later identical one is a new request. */
const CLAIM_WINDOW_MS = 5000;

/** True for the one panel that should act on this launch. */
export async function claimLaunch(launch: Launch, now = Date.now()): Promise<boolean> {
  const signature = JSON.stringify(launch);
  const claim = async (): Promise<boolean> => {
    const stored = (await browser.storage.session.get(CLAIMS_KEY))[CLAIMS_KEY] as
      | Record<string, number>
      | undefined;
    const claims = Object.fromEntries(
      Object.entries(stored ?? {}).filter(([, at]) => now - at < CLAIM_WINDOW_MS),
    );
    if (claims[signature] !== undefined) return false;
    claims[signature] = now;
    await browser.storage.session.set({ [CLAIMS_KEY]: claims });
    return true;
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request('handoff-panel-launch-claim', claim) : claim();
}
