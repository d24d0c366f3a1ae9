"""Every `curl` command the README and docs/ show, run as written against a running dashboard
(`moments serve`, the embedded BFF and its demo data): a block of commands is one shell script, its
`http://127.0.0.1:8080` the dashboard's own address, and every curl in it must get a 2xx. A
documented request that drifts from the API fails here. The other commands are checked by
scripts/check-docs."""
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("MOMENTS_BIN", ".build/debug/moments"))
BINARY = BINARY if BINARY.is_absolute() else REPO / BINARY
DOCUMENTED_ADDRESS = "http://127.0.0.1:8080"
FENCE = re.compile(r"^```(?:sh|bash|console)[^\n]*\n(.*?)^```", re.S | re.M)


def curl_blocks():
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for number, block in enumerate(FENCE.findall(page.read_text()), start=1):
            if re.search(r"^\s*(\$ )?curl ", block, re.M):
                yield pytest.param(block, id=f"{page.relative_to(REPO)}#{number}")


@pytest.fixture(scope="module")
def dashboard():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} does not exist: build it first (swift build --product moments)")
    data = tempfile.mkdtemp(prefix="moments-docs-")
    process = subprocess.Popen([str(BINARY), "serve", "--port", "0", "--data-dir", data, "--log-level", "warning"],
                               stdout=subprocess.PIPE, text=True, cwd=REPO)
    line = process.stdout.readline()
    match = re.search(r"http://[^/\s]+", line)
    assert match, f"moments serve did not announce its URL: {line!r}"
    yield match.group(0)
    process.terminate()
    process.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)


@pytest.mark.parametrize("block", list(curl_blocks()))
def test_theDocumentedCommands_succeedAsWritten(dashboard, block):
    script = block.replace(DOCUMENTED_ADDRESS, dashboard)
    script = re.sub(r"^(\s*)\$ ", r"\1", script, flags=re.M)
    # Each curl fails on an answer of 400 or more, and says which.
    script = re.sub(r"(^|[;&|(]\s*)curl ", r"\1curl --fail-with-body -sS ", script, flags=re.M)
    run = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"{script}\n--- stdout\n{run.stdout}\n--- stderr\n{run.stderr}"
