"""A throwaway PostgreSQL server for the tests: initdb and pg_ctl into a temporary folder,
listening on a Unix socket only (no TCP port, nothing another program can reach).

PostgreSQL refuses to run as root, so when the tests run as root the server runs as the
`postgres` user (or TABLELIFE_TEST_PG_USER), which owns the folder. Binaries come from
`pg_config --bindir`, /usr/lib/postgresql/*/bin, or PATH.

Run by hand to keep one up for poking at: `python -m tests.pgserver` prints its URL.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PORT = 5432  # only names the socket file, in a folder of our own


def bindir() -> Path | None:
    """Where PostgreSQL's server programs are, or None when this machine has none."""
    candidates: list[Path] = []
    config = shutil.which("pg_config")
    if config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [config, "--bindir"], capture_output=True, text=True, check=True, timeout=30
            ).stdout.strip()
            candidates.append(Path(out))
    newest_first = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    candidates += [Path(p) for p in newest_first]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _run_as() -> str | None:
    """The user the server runs as: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    return os.environ.get("TABLELIFE_TEST_PG_USER", "postgres")


class Server:
    """One throwaway PostgreSQL cluster: `start`, `stop`, `restart`, `url(...)`."""

    def __init__(self, bin_dir: Path, *, fsync: bool = False, under: Path | None = None) -> None:
        """A new cluster in a temporary folder (under `under`, else the system's). Without
        `fsync` a commit doesn't wait for the disk (the tests'); with it, as a store's
        server would (the benchmark's)."""
        self.bin = bin_dir
        self.user = _run_as()
        self.base = Path(tempfile.mkdtemp(prefix="tablelife-pg-", dir=under))
        self.data = self.base / "data"
        self.socket = self.base / "socket"
        self.log = self.base / "server.log"
        self.socket.mkdir()
        if self.user is not None:
            info = pwd.getpwnam(self.user)
            for path in (self.base, self.socket):
                os.chown(path, info.pw_uid, info.pw_gid)
        self.base.chmod(0o755)  # so we (root, or the user) reach the socket inside
        self._pg(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "admin",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                f"listen_addresses = ''\n"
                f"unix_socket_directories = '{self.socket}'\n"
                f"port = {PORT}\n"
                + (
                    "fsync = on\nsynchronous_commit = on\n"
                    if fsync
                    else "fsync = off\n"  # a test machine's crash loses nothing we keep
                )
                + "max_connections = 60\n"
                "shared_buffers = 16MB\n"
            )

    def _pg(self, program: str, *args: str, timeout: float = 120) -> str:
        result = subprocess.run(
            [str(self.bin / program), *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            user=self.user,
            cwd=self.base,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"{program} failed: {result.stdout}\n{result.stderr}")
        return result.stdout

    def start(self) -> None:
        """Starts the server and waits until it takes connections."""
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stops it (`immediate`: as a crash or a pulled plug would, no clean shutdown)."""
        self._pg("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, mode: str = "fast") -> None:
        """Stops and starts it again (the connections it had are gone)."""
        self.stop(mode)
        self.start()

    def url(self, user: str = "admin", dbname: str = "postgres") -> str:
        """A libpq connection string for `user` on `dbname`, over the Unix socket."""
        return f"host={self.socket} port={PORT} user={user} dbname={dbname}"

    def destroy(self) -> None:
        """Stops it if it runs, and removes its folder."""
        with contextlib.suppress(RuntimeError, subprocess.SubprocessError):
            self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


@contextlib.contextmanager
def running(*, fsync: bool = False, under: Path | None = None) -> Iterator[Server]:
    """A started server, destroyed afterwards. RuntimeError when there is no PostgreSQL."""
    found = bindir()
    if found is None:
        raise RuntimeError("no PostgreSQL server programs (initdb, pg_ctl) on this machine")
    server = Server(found, fsync=fsync, under=under)
    try:
        server.start()
        yield server
    finally:
        server.destroy()


if __name__ == "__main__":
    import time

    with running() as server:
        print(server.url(), flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
