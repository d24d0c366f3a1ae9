"""Fixtures for the interop suite: the real `moments` binary (built beforehand, never here) on a
free port with a fresh data dir, and independent BFFs built on graphql-core (`seed_bff.py`)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
import requests

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from seed_bff import SeedBFF  # noqa: E402


def moments_binary() -> str:
    binary = pathlib.Path(os.environ.get("MOMENTS_BIN", ".build/debug/moments"))
    binary = binary if binary.is_absolute() else REPO / binary
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: build it first (swift build --product moments) or set MOMENTS_BIN")
    return str(binary)


def start_moments(*arguments: str, data_dir: str | None = None, port: int = 0):
    """Starts `moments <arguments> --port 0 --data-dir <tmp>` and answers (process, URL, data dir)
    from the one line it prints when it listens. `data_dir` reuses a data dir (a restart); `port`
    names the port (a restart on the same address)."""
    data = data_dir or tempfile.mkdtemp(prefix="moments-interop-")
    process = subprocess.Popen(
        [moments_binary(), *arguments, "--port", str(port), "--data-dir", data, "--log-level", "warning"],
        stdout=subprocess.PIPE, text=True, cwd=REPO)
    line = process.stdout.readline()
    match = re.search(r"http://\S+", line)
    if not match:
        process.kill()
        process.wait(timeout=15)
        shutil.rmtree(data, ignore_errors=True)
        pytest.fail(f"moments {' '.join(arguments)} did not announce its URL: {line!r}")
    return process, match.group(0), data


def stop_moments(process, data) -> None:
    process.terminate()
    process.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(params=["bff", "serve"])
def embedded_graphql_url(request):
    """The embedded BFF's GraphQL endpoint, served alone (`moments bff`) and by the dashboard
    (`moments serve`, which mounts it on `/graphql`)."""
    process, url, data = start_moments(request.param)
    origin = re.match(r"http://[^/]+", url).group(0)
    yield origin + "/graphql"
    stop_moments(process, data)


@pytest.fixture
def seed_bff():
    """A factory of independent BFFs (see `seed_bff.SeedBFF` for the options), each stopped after
    the test, even when it fails."""
    started = []

    def make(**options) -> SeedBFF:
        bff = SeedBFF(**options).start()
        started.append(bff)
        return bff

    yield make
    for bff in started:
        bff.stop()


@pytest.fixture
def dashboards():
    """A factory of dashboards (`moments serve --bff-url URL`) with the like button on, each
    stopped after the test, even when it fails; answers the dashboard's origin and a session."""
    started = []

    def make(bff_url: str) -> tuple[str, requests.Session]:
        process, url, data = start_moments("serve", "--bff-url", bff_url)
        started.append((process, data))
        origin = re.match(r"http://[^/]+", url).group(0)
        session = requests.Session()
        answer = session.put(f"{origin}/api/toggles/isLikeButtonForMomentEnabled", json={"isOn": True}, timeout=10)
        assert answer.status_code == 200, answer.text
        return origin, session

    yield make
    for process, data in started:
        stop_moments(process, data)
