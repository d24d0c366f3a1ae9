"""Pages in gzip for clients that ask (every browser does): the real `moments serve` binary, read
by Python's own gzip reader, which checks the header, the CRC-32 and the size of what it inflates."""
import gzip
import http.client
import re
import urllib.parse

import pytest

from conftest import start_moments, stop_moments

TOKEN = "interop-csrf-token"


@pytest.fixture
def dashboard():
    process, url, data = start_moments("serve")
    yield urllib.parse.urlsplit(url).netloc
    stop_moments(process, data)


def get(netloc: str, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One GET on a connection of its own; the body as it came on the wire (http.client inflates nothing)."""
    connection = http.client.HTTPConnection(netloc, timeout=10)
    try:
        connection.request("GET", path, headers={"Cookie": f"moments_csrf={TOKEN}",
                                                 **{k.replace("_", "-"): v for k, v in headers.items()}})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


@pytest.mark.parametrize("path", ["/", "/?after=10"])
def test_pageInGzip_inflatesToThePlainPage_withItsOwnTagAndVary(dashboard, path):
    # The plain page around the gzip one: a minute that turns between them changes the relative dates.
    _, _, before = get(dashboard, path)
    status, headers, body = get(dashboard, path, Accept_Encoding="gzip, deflate, br, zstd")
    _, plain_headers, after = get(dashboard, path)
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert "accept-encoding" in headers["vary"].lower() and "accept-encoding" in plain_headers["vary"].lower()
    assert "content-encoding" not in plain_headers
    assert int(headers["content-length"]) == len(body) < len(after) / 3
    page = gzip.decompress(body)
    assert page in (before, after)
    assert f'name="_csrf" value="{TOKEN}"'.encode() in page, "the per-client token is in the inflated page"
    assert headers["etag"] != plain_headers["etag"], "a gzip body is another representation: another tag"


def test_gzipTag_isAnswered304_onlyToAClientThatTakesGzip(dashboard):
    _, headers, _ = get(dashboard, "/", Accept_Encoding="gzip")
    status, again, body = get(dashboard, "/", Accept_Encoding="gzip", If_None_Match=headers["etag"])
    assert (status, body) == (304, b"")
    assert again["etag"] == headers["etag"]
    status, plain, body = get(dashboard, "/", If_None_Match=headers["etag"])
    assert status == 200 and "content-encoding" not in plain and body.startswith(b"<!doctype html>")


@pytest.mark.parametrize("field", ["gzip;q=0", "br, zstd", "identity", "*;q=0"])
def test_clientThatRefusesGzip_getsThePlainPage(dashboard, field):
    status, headers, body = get(dashboard, "/", Accept_Encoding=field)
    assert status == 200
    assert "content-encoding" not in headers
    assert re.match(rb"<!doctype html>", body)


@pytest.mark.parametrize("path", ["/css/app.css", "/js/app.js", "/css/designkit.css"])
def test_textFile_inGzip_inflatesToTheFile(dashboard, path):
    status, headers, body = get(dashboard, path, Accept_Encoding="gzip")
    _, plain_headers, plain = get(dashboard, path)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == plain
    assert len(body) < len(plain)
    assert headers["etag"] != plain_headers["etag"]
    status, _, _ = get(dashboard, path, Accept_Encoding="gzip", If_None_Match=headers["etag"])
    assert status == 304


def test_picture_isSentAsItIs_evenToAClientThatTakesGzip(dashboard):
    status, headers, body = get(dashboard, "/images/avatars/00.png", Accept_Encoding="gzip")
    assert status == 200
    assert "content-encoding" not in headers and "vary" not in headers
    assert body.startswith(b"\x89PNG")
