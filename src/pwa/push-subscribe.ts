/**
 * The browser's own subscribe call, alone in this module: PushManager.subscribe() asks the
 * browser's push service (FCM, Mozilla's, Apple's) for an endpoint, which a machine without
 * Internet access cannot reach. A story replaces this one call through an init script
 * (window.__festaPushSubscribe) with a subscription to a local push service; nothing else of the
 * offer is stood in for.
 */
export type PushSubscribeCall = (registration: ServiceWorkerRegistration, applicationServerKey: string) => Promise<PushSubscriptionJSON>;

declare global {
  interface Window {
    /** Set only by a test's init script. */
    __festaPushSubscribe?: PushSubscribeCall;
  }
}

const browserSubscribe: PushSubscribeCall = async (registration, applicationServerKey) => {
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
};

export const subscribeToPush: PushSubscribeCall = (registration, key) =>
  (window.__festaPushSubscribe ?? browserSubscribe)(registration, key);
