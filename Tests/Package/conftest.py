"""Fixtures of the packaging suite: `make` run in the checkout with one build date for the whole
session (so `make deb` and `make install` share the release build), and the installed binary
started the way a person would, from another folder."""
import datetime
import os
import pathlib
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BUILD_DATE = os.environ.get("MOMENTS_BUILD_DATE") or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def make(*arguments: str) -> None:
    subprocess.run(["make", "--no-print-directory", *arguments], cwd=REPO, check=True,
                   env={**os.environ, "MOMENTS_BUILD_DATE": BUILD_DATE})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> tuple[int, str, bytes]:
    """(status, content type, body) of a GET, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()


class Served:
    """`command serve --port P --data-dir D` started in `cwd`, stopped by `stop()`."""

    def __init__(self, command: list[str], cwd: str, data_dir: pathlib.Path):
        port = free_port()
        self.process = subprocess.Popen([*command, "serve", "--port", str(port), "--data-dir", str(data_dir)],
                                        cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if f"http://127.0.0.1:{port}/" not in line:
            self.process.kill()
            pytest.fail(f"{command} serve did not start: {line!r} {self.process.stderr.read()!r}")
        self.url = f"http://127.0.0.1:{port}"

    def get(self, path: str) -> tuple[int, str, bytes]:
        return get(self.url + path)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)


def assert_serves_timeline(served: Served) -> None:
    """The timeline (its templates), its stylesheets (app.css from Public/) and its first picture
    all answer 200, each as what it is."""
    status, kind, page = served.get("/")
    assert (status, kind.split(";")[0]) == (200, "text/html"), page[:300]
    html = page.decode()
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    assert "/css/app.css" in stylesheets, stylesheets
    for stylesheet in stylesheets:
        status, kind, css = served.get(stylesheet)
        assert (status, kind.split(";")[0]) == (200, "text/css") and b"{" in css, stylesheet
    picture = re.search(r'<img [^>]*src="(/images/[^"]+)"', html).group(1)
    status, kind, _ = served.get(picture)
    assert status == 200 and kind.startswith("image/"), (picture, status, kind)
