// The agent server's Docker runtime mode (`OH_CONVERSATION_RUNTIME=docker`, upstream
// agent_server/docker_runtime/: routers.py, registry.py, provisioning.py; from 1.48.0 in this form, see
// release.ts): every conversation runs in a container of its own, which is an agent server too
// (`OH_CONVERSATION_RUNTIME=local` inside). Here a container is a scope of its own: its own disk,
// processes and bash history (servers.ts), its conversation stored under that scope.
//
// What upstream does, and this module plays:
// - Create writes the runtime manifest (`runtime-control/<hex>.json`), then starts the container:
//   the workspace folder on the host (the start request's `working_dir`, or
//   `<workspace_path>/<hex>` when it names none or `/workspace`) is made (`mkdir -p`) and
//   bind-mounted at `/workspace`, and the start request goes in with `working_dir: /workspace`.
//   A container that cannot start is 502 and leaves the manifest (a socket then closes with
//   1011, reprovision is 502, DELETE removes it); one that refuses the request stops again.
// - So a conversation's disk is the container's own, except `/workspace`, which is the host
//   folder: a command through the global `/api/bash` runs on the host and sees that folder under
//   its host path, one through `/api/conversations/{id}/bash/…` runs in the container.
import { randomKey } from '../core/ids';
import type { FolderRecord, ServiceData } from '../core/state';
import { FolderTree, type GitRoot, resolvePath } from './folders';

/** Where the container sees the host folder (registry.py `_WORKSPACE_DIR`). */
export const CONTAINER_WORKSPACE = '/workspace';
/**
 * Where the server keeps a conversation's runtime data (`<persistence>/runtime-data/<hex>`); a
 * start that names no folder of its own gets its workspace there (feature map F31: the archive
 * removes "the workspace the server created" with that folder).
 */
export const RUNTIME_DATA_ROOT = '/home/openhands/.openhands/runtime-data';

const CONTAINER_PREFIX = 'docker-conversation-';
const HISTORY_PREFIX = 'conversation-bash-';

/** The scope of the container that runs a conversation. */
export function containerScope(conversationHex: string): string {
  return `${CONTAINER_PREFIX}${conversationHex}`;
}

export function isContainerScope(scope: string): boolean {
  return scope.startsWith(CONTAINER_PREFIX);
}

/**
 * Where a conversation's own bash history is kept when its commands run on the server itself
 * (local runtime): a store of its own, never a disk or a machine.
 */
export function scopedHistory(conversationHex: string): string {
  return `${HISTORY_PREFIX}${conversationHex}`;
}

/** A scope that holds no disk of its own until something is put there. */
export function isBareScope(scope: string): boolean {
  return isContainerScope(scope) || scope.startsWith(HISTORY_PREFIX);
}

export interface ContainerRecord {
  /** The host folder mounted at `/workspace`. */
  host_workspace: string;
  /**
   * True once the conversation exists inside; false while only the manifest does (the container
   * never started).
   */
  started: boolean;
  /** The key the server uses inside the container (`POST …/runtime/credentials`). */
  session_api_key: string;
}

export interface DockerRuntimeRecord {
  containers: Record<string, ContainerRecord>;
}

export function dockerRecord(data: ServiceData): DockerRuntimeRecord {
  data.docker_runtime ??= { containers: {} };
  return data.docker_runtime;
}

/** The container of a scope, if it is one. */
export function containerOf(data: ServiceData, scope: string): ContainerRecord | null {
  if (!isContainerScope(scope)) return null;
  return data.docker_runtime?.containers[scope.slice(CONTAINER_PREFIX.length)] ?? null;
}

function within(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/**
 * A container's disk: its own folders and files, with the host folder bind-mounted at
 * `/workspace` (what is written there lands on the host, what the host has there shows).
 */
export class MountedFolderTree extends FolderTree {
  constructor(
    folders: Record<string, FolderRecord>,
    files: Record<string, string>,
    private readonly host: FolderTree,
    private readonly hostPath: string,
    private readonly mountPoint = CONTAINER_WORKSPACE,
  ) {
    super(folders, files);
    // The mount point itself always exists in the container.
    folders[mountPoint] ??= { git: null };
  }

  private onHost(path: string): string | null {
    if (!within(path, this.mountPoint)) return null;
    return this.hostPath + path.slice(this.mountPoint.length);
  }

  private inContainer(hostPath: string): string {
    return this.mountPoint + hostPath.slice(this.hostPath.length);
  }

  override gitRootOf(path: string): GitRoot | null {
    const host = this.onHost(path);
    if (host === null) return super.gitRootOf(path);
    const root = this.host.gitRootOf(host);
    // A repository around the host folder is not part of the mount.
    if (root && within(root.root, this.hostPath)) {
      return { root: this.inContainer(root.root), record: root.record };
    }
    return super.gitRootOf(resolvePath(this.mountPoint, '..'));
  }

  override stat(path: string) {
    const host = this.onHost(path);
    if (host === null) return super.stat(path);
    if (path === this.mountPoint) return { kind: 'folder' as const };
    return this.host.stat(host);
  }

  override list(path: string): string[] | null {
    const host = this.onHost(path);
    if (host === null) return super.list(path);
    return this.host.list(host) ?? (path === this.mountPoint ? [] : null);
  }

  override makeFolders(path: string): void {
    const host = this.onHost(path);
    if (host === null) super.makeFolders(path);
    else this.host.makeFolders(host);
  }

  override remove(path: string): void {
    const host = this.onHost(path);
    if (host === null) super.remove(path);
    // Removing the mount point empties the host folder; the mount itself stays.
    else this.host.remove(host);
  }

  override writeFile(path: string, text: string): void {
    const host = this.onHost(path);
    if (host === null) super.writeFile(path, text);
    else this.host.writeFile(host, text);
  }

  override record(path: string, record: FolderRecord): void {
    const host = this.onHost(path);
    if (host === null) super.record(path, record);
    else this.host.record(host, record);
  }
}

/**
 * The containers of the `agent` kind's server in Docker runtime mode: which are running, and the
 * admin faults that keep them from starting (no Docker daemon, a broken image).
 */
export class DockerRuntime {
  private readonly running = new Set<string>();
  private readonly unstartable = new Set<string>();
  private everyStartFails = false;

  constructor(
    private readonly data: ServiceData,
    private readonly hostTree: () => FolderTree,
  ) {}

  container(conversationHex: string): ContainerRecord | null {
    return this.data.docker_runtime?.containers[conversationHex] ?? null;
  }

  /** provisioning.create: the manifest, once per conversation (a second create reuses it). */
  provision(conversationHex: string, hostWorkspace: string): ContainerRecord {
    const record = dockerRecord(this.data);
    record.containers[conversationHex] ??= {
      host_workspace: hostWorkspace,
      started: false,
      session_api_key: randomKey(32),
    };
    return record.containers[conversationHex];
  }

  sessionKey(conversationHex: string): string | null {
    return this.container(conversationHex)?.session_api_key ?? null;
  }

  /**
   * registry.get_or_create: a running container, or a new one (its folders made first, as
   * `_build_container` does before `docker run`); false when it cannot start.
   */
  start(conversationHex: string): boolean {
    const container = this.container(conversationHex);
    if (!container) return false;
    if (this.running.has(conversationHex)) return true;
    this.hostTree().makeFolders(container.host_workspace);
    if (this.everyStartFails || this.unstartable.has(conversationHex)) return false;
    this.running.add(conversationHex);
    return true;
  }

  isRunning(conversationHex: string): boolean {
    return this.running.has(conversationHex);
  }

  stop(conversationHex: string): void {
    this.running.delete(conversationHex);
  }

  /** DELETE: the container stops and its manifest goes. */
  forget(conversationHex: string): void {
    this.stop(conversationHex);
    delete this.data.docker_runtime?.containers[conversationHex];
    delete this.data.agent_servers?.[containerScope(conversationHex)];
    this.unstartable.delete(conversationHex);
  }

  /**
   * Admin fault: containers cannot start (every new one, or one conversation's, which also
   * stops it if it runs), until set back.
   */
  failContainers(conversationHex: string | null, failing: boolean): void {
    if (conversationHex === null) {
      this.everyStartFails = failing;
      return;
    }
    if (failing) {
      this.unstartable.add(conversationHex);
      this.stop(conversationHex);
    } else this.unstartable.delete(conversationHex);
  }
}
