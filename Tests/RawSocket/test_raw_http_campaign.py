"""A raw-socket HTTP campaign against the dashboard built with AddressSanitizer (`scripts/asan`
builds it in `.build-asan`): request lines, headers, framing, bodies, pipelining, old HTTP
versions and GraphQL documents that no browser or client library would send, written byte by
byte, plus `CAMPAIGN_MUTATIONS` seeded mutations of the fuzz corpus's requests.

For every case: the process lives, AddressSanitizer reports nothing, nothing hangs past
`TIMEOUT`, no answer is a 5xx but 501 (a method the server does not implement) and 505 (an HTTP
version it does not speak), every request whose head is complete is answered before the
connection closes, and `/healthz` answers 200 after every batch.

Standard library only; the answers are read by `http.client`'s own response parser."""
import http.client
import io
import json
import os
import pathlib
import random
import re
import select
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("MOMENTS_BINARY", ".build-asan/debug/moments"))
MUTATIONS = int(os.environ.get("CAMPAIGN_MUTATIONS", "2000"))
SEED = int(os.environ.get("CAMPAIGN_SEED", "26"))
TIMEOUT = 20.0
CSRF = "campaign-token"
# The server's head limit (`HTTPServer.Configuration.maxRequestHeadSize`: 3/4 of 24 KiB).
HEAD_LIMIT = 18 * 1024
CORPUS = REPO / "Tests/Fuzz/Corpus/request"


class Dashboard:
    """The binary on a free port with its own data folder; stderr kept for the sanitizer."""

    def __init__(self):
        binary = BINARY if BINARY.is_absolute() else REPO / BINARY
        assert binary.exists(), f"{binary} does not exist: run scripts/asan, which builds it"
        self.data = tempfile.mkdtemp(prefix="moments-campaign-")
        self.log_path = pathlib.Path(self.data) / "stderr.log"
        environment = {**os.environ, "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0",
                       "SWIFT_BACKTRACE": "enable=no"}
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                [str(binary), "serve", "--port", "0", "--data-dir", self.data, "--log-level", "error"],
                stdout=subprocess.PIPE, stderr=log, text=True, cwd=REPO, env=environment)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        assert match, f"the dashboard did not start: {line!r}\n{self.stderr()[-3000:]}"
        self.port = int(match.group(1))
        self.host = f"127.0.0.1:{self.port}"

    def stderr(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture(scope="module")
def dashboard():
    server = Dashboard()
    yield server
    stderr = server.stderr()
    server.stop()
    assert "ERROR: AddressSanitizer" not in stderr, stderr[stderr.find("ERROR: AddressSanitizer"):][:6000]


class Reader:
    """Hands `http.client.HTTPResponse` one buffered file for the whole connection, so answers
    to pipelined requests are read one after the other from the same bytes."""

    class File(io.BufferedReader):
        def close(self):
            pass  # `HTTPResponse` closes its file after each answer; the next one reads on

    def __init__(self, sock: socket.socket):
        self.file = Reader.File(socket.SocketIO(sock, "rb"))

    def makefile(self, *_args, **_kwargs):
        return self.file


def exchange(server: Dashboard, data: bytes, answers: int = 1, trickle: float = 0.0, wait: float = TIMEOUT):
    """Sends `data` (byte by byte `trickle` seconds apart when set) and reads up to `answers`
    answers. When nothing has come after `wait` seconds (a head or body the server still waits
    for), half-closes so the server sees the request end. libmicrohttpd takes a half-close for the
    client going away and drops an answer still in the making, so complete requests are not
    half-closed. Returns the answers' statuses."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    statuses = []
    try:
        if trickle:
            for index in range(len(data)):
                sock.sendall(data[index:index + 1])
                time.sleep(trickle)
        else:
            try:
                sock.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server answered and closed before taking all of it (a 413 at the head)
        readable, _, _ = select.select([sock], [], [], wait)
        if not readable:
            try:
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        reader = Reader(sock)
        for _ in range(answers):
            response = http.client.HTTPResponse(reader)
            try:
                response.begin()
            except (http.client.RemoteDisconnected, ConnectionResetError):
                break
            statuses.append(response.status)
            response.read()
            if response.will_close:
                break
    except socket.timeout:
        raise AssertionError(f"no answer within {TIMEOUT} s to {data[:300]!r}")
    finally:
        sock.close()
    return statuses


def healthy(server: Dashboard):
    assert server.process.poll() is None, "the dashboard stopped:\n" + server.stderr()[-6000:]
    statuses = exchange(server, f"GET /healthz HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
    assert statuses == [200], f"/healthz answered {statuses}"


def allowed(status: int) -> bool:
    return status < 500 or status in (501, 505)


def request(server: Dashboard, line: str, headers=(), body: bytes = b"", host: bool = True) -> bytes:
    fields = ([f"Host: {server.host}"] if host else []) + list(headers)
    return (line + "\r\n" + "".join(f + "\r\n" for f in fields) + "\r\n").encode("latin-1") + body


def write(server: Dashboard, line: str, body: bytes, content_type="application/json", extra=()):
    return request(server, line, [f"Content-Type: {content_type}", f"Content-Length: {len(body)}",
                                  f"Cookie: moments_csrf={CSRF}", f"Origin: http://{server.host}", *extra], body)


# Request lines: each must be answered, and in the statuses named.
REQUEST_LINES = [
    # Methods are case-sensitive: on a route's path a method it does not take (405 with Allow),
    # elsewhere one the server does not know (501).
    ("get / HTTP/1.1", {405}),
    ("Get / HTTP/1.1", {405}),
    ("gEt /api/timeline HTTP/1.1", {405}),
    ("BREW / HTTP/1.1", {405}),
    ("BREW /nowhere HTTP/1.1", {501}),
    ("GET * HTTP/1.1", {400, 404}),
    ("OPTIONS * HTTP/1.1", {400, 404, 405, 501}),
    ("GET http://{host}/healthz HTTP/1.1", {200, 400, 404}),
    ("GET http://evil.example/healthz HTTP/1.1", {400, 404, 421}),
    ("GET /%00 HTTP/1.1", {404}),
    ("GET /api/moments/1%00x HTTP/1.1", {404}),
    ("GET /css/app.css%00.png HTTP/1.1", {404}),
    ("GET /%zz HTTP/1.1", {400, 404}),
    ("GET /% HTTP/1.1", {400, 404}),
    ("GET /%%% HTTP/1.1", {400, 404}),
    ("GET /?after=%ff%fe%00 HTTP/1.1", {200, 400, 404}),
    ("GET /?after=%zz&lang=%%% HTTP/1.1", {200, 400, 404}),
    ("GET //// HTTP/1.1", {200, 400, 404}),
    ("GET /../../../etc/passwd HTTP/1.1", {400, 404}),
    ("GET /css/../../Package.swift HTTP/1.1", {400, 404}),
    ("GET /css/%2e%2e/%2e%2e/Package.swift HTTP/1.1", {400, 404}),
    ("GET /api/moments/\u00e9 HTTP/1.1", {400, 404}),
    ("GET / HTTP/1.0", {200}),
    ("GET / HTTP/2.0", {505}),
    ("GET / HTTP/1.2", {200, 505}),
    ("GET / HTTP/9.9", {505}),
    ("GET / http/1.1", {400, 505}),
    ("GET / HTTP/1.1x", {400, 505}),
    ("GET / HTTP/", {400, 505}),
    ("GET  /  HTTP/1.1", {200, 400, 404}),
    ("GET /", {200, 400}),
    ("/ HTTP/1.1", {400, 501}),
    ("GET / HTTP/1.1 extra", {400, 505}),
]


# Lines libmicrohttpd 0.9.75 cannot split at a space: it closes the connection before any
# callback of the server's runs (`parse_initial_message_line` fails, `CONNECTION_CLOSE_ERROR`),
# with its sending side already shut when the server hears of the close, so nothing can answer.
UNANSWERABLE_LINES = ["GET\t/\tHTTP/1.1", "GET\x00/ HTTP/1.1"]


@pytest.mark.parametrize("line, expected", REQUEST_LINES)
def test_oddRequestLine_isAnswered_withoutA5xx(dashboard, line, expected):
    statuses = exchange(dashboard, request(dashboard, line.format(host=dashboard.host)), wait=5)
    assert statuses, f"{line!r} was closed in silence"
    assert statuses[0] in expected, f"{line!r} answered {statuses[0]}, expected one of {sorted(expected)}"
    healthy(dashboard)


@pytest.mark.parametrize("length", [HEAD_LIMIT - 200, HEAD_LIMIT - 40, HEAD_LIMIT, HEAD_LIMIT + 1, HEAD_LIMIT + 100,
                                    20 * 1024, 64 * 1024, 1024 * 1024])
def test_targetAroundTheHeadLimit_isAnsweredOrRefused414(dashboard, length):
    target = "/?after=" + "a" * length
    statuses = exchange(dashboard, request(dashboard, f"GET {target} HTTP/1.1"))
    assert statuses, f"a target of {length} bytes was closed in silence"
    assert statuses[0] in ({200, 404} if length < HEAD_LIMIT - 100 else {200, 404, 414, 431}), statuses
    healthy(dashboard)


@pytest.mark.parametrize("count, size", [(1, HEAD_LIMIT - 300), (1, HEAD_LIMIT), (1, 40 * 1024),
                                         (100, 100), (400, 40), (2000, 10)])
def test_headersAroundTheHeadLimit_areAnsweredOrRefused431(dashboard, count, size):
    headers = [f"X-Filler-{n}: {'v' * size}" for n in range(count)]
    statuses = exchange(dashboard, request(dashboard, "GET /healthz HTTP/1.1", headers))
    assert statuses, f"{count} headers of {size} bytes were closed in silence"
    # Each header costs its bytes and libmicrohttpd's record of it (seven words).
    small = count * (size + 16 + 56) < HEAD_LIMIT - 500
    assert statuses[0] in ({200} if small else {200, 414, 431}), statuses
    healthy(dashboard)


# Framing: each must be answered, with a 4xx where the framing is ambiguous.
@pytest.mark.parametrize("line", UNANSWERABLE_LINES)
def test_requestLineWithoutSpaces_isClosed_andTheServerLives(dashboard, line):
    statuses = exchange(dashboard, request(dashboard, line), wait=5)
    assert statuses in ([], [400]), statuses
    healthy(dashboard)


def framing_cases(host):
    like = b'{"isLiked": true}'
    path = "PUT /api/toggles/isLikeButtonForMomentEnabled HTTP/1.1"
    common = [f"Host: {host}", "Content-Type: application/json"]
    return [
        ("two equal Content-Length", common + ["Content-Length: 13", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("two different Content-Length", common + ["Content-Length: 13", "Content-Length: 5"], b'{"isOn":true}', {400}),
        ("Content-Length and chunked", common + ["Content-Length: 13", "Transfer-Encoding: chunked"],
         b'd\r\n{"isOn":true}\r\n0\r\n\r\n', {200, 400}),
        ("negative Content-Length", common + ["Content-Length: -1"], b"", {400, 413}),
        ("Content-Length with a sign", common + ["Content-Length: +13"], b'{"isOn":true}', {200, 400}),
        ("Content-Length of letters", common + ["Content-Length: abc"], b"", {400}),
        ("huge Content-Length", common + ["Content-Length: 99999999999999999999999"], b"", {400, 413}),
        ("bad chunk size", common + ["Transfer-Encoding: chunked"], b"zz\r\n{}\r\n0\r\n\r\n", {400}),
        ("negative chunk size", common + ["Transfer-Encoding: chunked"], b"-5\r\n{}\r\n0\r\n\r\n", {400}),
        ("huge chunk size", common + ["Transfer-Encoding: chunked"], b"ffffffffffffffffff\r\n{}\r\n0\r\n\r\n", {400, 413}),
        ("chunk shorter than said", common + ["Transfer-Encoding: chunked"], b"20\r\n{}\r\n0\r\n\r\n", {400, 413, None}),
        ("chunked with trailers", common + ["Transfer-Encoding: chunked"],
         b'd\r\n{"isOn":true}\r\n0\r\nX-Trailer: 1\r\nX-Other: 2\r\n\r\n', {200}),
        ("chunk extensions", common + ["Transfer-Encoding: chunked"], b'd;ext=1;x="y"\r\n{"isOn":true}\r\n0\r\n\r\n', {200, 400}),
        ("gzip, chunked", common + ["Transfer-Encoding: gzip, chunked"], b"0\r\n\r\n", {400, 415, 501}),
        ("identity transfer coding", common + ["Transfer-Encoding: identity", "Content-Length: 13"], b'{"isOn":true}', {200, 400, 501}),
        ("two Host headers", common + [f"Host: {host}", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("a foreign second Host", common + ["Host: evil.example", "Content-Length: 13"], b'{"isOn":true}', {200, 400, 421}),
        ("a header without a colon", common + ["Broken header line", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("an obsolete folded header", common + ["X-Fold: a", " b", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("a NUL in a header value", common + ["X-Nul: a\x00b", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("a space before the colon", common + ["Content-Length : 13"], b'{"isOn":true}', {200, 400, 411, 415}),
        ("an empty header name", common + [": value", "Content-Length: 13"], b'{"isOn":true}', {200, 400}),
        ("a like with a body over the cap", common + ["Content-Length: 70000"], b"{" + b" " * 69998 + b"}", {413}),
        ("a duplicated JSON key", common + [f"Content-Length: {len(like)}"], like, {400}),
    ], path


def test_conflictingAndBrokenFraming_isAnswered_andChangesNothingItShouldNot(dashboard):
    cases, path = framing_cases(dashboard.host)
    failures = []
    for name, headers, body, expected in cases:
        data = (path + "\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n").encode("latin-1") + body
        statuses = exchange(dashboard, data, wait=5)
        status = statuses[0] if statuses else None
        if status not in expected or (status is not None and not allowed(status)):
            failures.append(f"{name}: answered {status}, expected one of {expected}")
        healthy(dashboard)
    assert not failures, "\n".join(failures)


def test_truncatedAndEarlyClosedBodies_leaveTheServerWhole(dashboard):
    """A body that never comes whole cannot be answered; the server must drop it and live."""
    for sent in (0, 1, 10, 100):
        data = write(dashboard, "PUT /api/toggles/isLikeButtonForMomentEnabled HTTP/1.1", b'{"isOn": true' + b" " * 200)
        head, body = data.split(b"\r\n\r\n", 1)
        statuses = exchange(dashboard, head + b"\r\n\r\n" + body[:sent], wait=0.5)
        assert all(allowed(s) for s in statuses), statuses
        healthy(dashboard)
    # A connection closed in the middle of its head.
    for cut in (1, 5, 20, 40):
        exchange(dashboard, request(dashboard, "GET /api/timeline HTTP/1.1")[:cut], wait=0.5)
        healthy(dashboard)


def test_slowBody_isStillAnswered(dashboard):
    body = b'{"isOn": false}'
    statuses = exchange(dashboard, write(dashboard, "PUT /api/toggles/isLikeButtonForMomentEnabled HTTP/1.1", body),
                        trickle=0.005)
    assert statuses == [200], statuses
    healthy(dashboard)


def test_pipelinedRequests_areAllAnswered_inOrder(dashboard):
    requests = [request(dashboard, "GET /healthz HTTP/1.1"),
                request(dashboard, "GET /api/toggles HTTP/1.1"),
                write(dashboard, "PUT /api/toggles/isLikeButtonForMomentEnabled HTTP/1.1", b'{"isOn": true}'),
                request(dashboard, "GET /api/moments/1 HTTP/1.1"),
                request(dashboard, "HEAD / HTTP/1.1"),
                request(dashboard, "GET /nowhere HTTP/1.1"),
                request(dashboard, "GET /healthz HTTP/1.1", ["Connection: close"])]
    statuses = []
    sock = socket.create_connection(("127.0.0.1", dashboard.port), timeout=TIMEOUT)
    try:
        sock.sendall(b"".join(requests))
        reader = Reader(sock)
        for index in range(len(requests)):
            response = http.client.HTTPResponse(reader, method="HEAD" if index == 4 else None)
            response.begin()
            statuses.append(response.status)
            response.read()
    finally:
        sock.close()
    assert statuses == [200, 200, 200, 200, 200, 404, 200], statuses
    healthy(dashboard)


def test_http10_keepAliveAndWithoutHost_andHttp09_areAnsweredOrRefused(dashboard):
    # Without Host the DNS-rebinding guard cannot tell the name it was reached by: 421, whatever the version.
    assert exchange(dashboard, request(dashboard, "GET /healthz HTTP/1.0", host=False)) == [421]
    statuses = exchange(dashboard, request(dashboard, "GET /healthz HTTP/1.0", ["Connection: keep-alive"]) * 2, answers=2)
    assert statuses == [200, 200], statuses
    assert exchange(dashboard, request(dashboard, "GET /healthz HTTP/1.1", host=False)) in ([400], [421])
    # HTTP/0.9 has no status line to answer with: a refusal or a close are both fine, a crash is not.
    sock = socket.create_connection(("127.0.0.1", dashboard.port), timeout=TIMEOUT)
    sock.sendall(b"GET /healthz\r\n")
    sock.shutdown(socket.SHUT_WR)
    answer = sock.recv(65536)
    sock.close()
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4") or answer.startswith(b"HTTP/1.1 505"), answer[:200]
    healthy(dashboard)


def graphql_documents():
    deep = "{" * 2000 + "}" * 2000
    nested = "query { getMomentsDetailsByUserID(userID: \"0\") " + "{ moments " * 300 + "{ id }" + " }" * 300 + " }"
    wide = "query { " + " ".join(f"a{n}: __typename" for n in range(5000)) + " }"
    many_aliases = "query { " + " ".join(f"a{n}: getMomentsDetailsByUserID(userID: \"0\") {{ moments {{ id }} }}"
                                         for n in range(150)) + " }"
    cyclic = ("query { getMomentsDetailsByUserID(userID: \"0\") { ...A } } "
              "fragment A on MomentsDetails { ...B } fragment B on MomentsDetails { ...A }")
    self_cyclic = "query { getMomentsDetailsByUserID(userID: \"0\") { ...A } } fragment A on MomentsDetails { moments { id } ...A }"
    input_nesting = "mutation { updateMomentLike(input: " + "{a: " * 2000 + "1" + "}" * 2000 + ") { id } }"
    list_nesting = "query { getMomentsDetailsByUserID(userID: " + "[" * 3000 + "\"0\"" + "]" * 3000 + ") { moments { id } } }"
    directives = "query { __typename " + "@skip(if: false) " * 3000 + "}"
    return [
        ("deep braces", {"query": deep}),
        ("nested selections", {"query": nested}),
        ("wide selection", {"query": wide}),
        ("many aliases", {"query": many_aliases}),
        ("cyclic fragments", {"query": cyclic}),
        ("a fragment spreading itself", {"query": self_cyclic}),
        ("nested input objects", {"query": input_nesting}),
        ("nested lists", {"query": list_nesting}),
        ("many directives", {"query": directives}),
        ("deep variables", {"query": "query q($u: ID!) { __typename }", "variables": {"u": json.loads("[" * 400 + "]" * 400)}}),
        ("deep JSON", None),
        ("variables of the wrong type", {"query": "query q($u: ID!) { __typename }", "variables": "x"}),
        ("no query", {"variables": {}}),
        ("a number for the query", {"query": 5}),
    ]


@pytest.mark.parametrize("name, document", graphql_documents(), ids=[name for name, _ in graphql_documents()])
def test_hostileGraphQLDocument_isAnswered_withAGraphQLError_andNo5xx(dashboard, name, document):
    body = (b"[" * 100000 + b"]" * 100000) if document is None else json.dumps(document).encode()
    statuses = exchange(dashboard, request(dashboard, "POST /graphql HTTP/1.1",
                                           ["Content-Type: application/json", f"Content-Length: {len(body)}"], body))
    assert statuses, f"{name} was closed in silence"
    assert statuses[0] in (200, 400, 413), f"{name} answered {statuses[0]}"
    healthy(dashboard)


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One to four of the edits a fuzzer makes, on whole requests."""
    pieces = [b"\x00", b"\r", b"\n", b"\r\n", b"\r\n\r\n", b"%", b"%00", b"%zz", b":", b" ", b"\t", b";", b",",
              b"Content-Length: 5\r\n", b"Transfer-Encoding: chunked\r\n", b"Content-Type: ;\r\n",
              b"Content-Type: application/json\r\n", b"Cookie: moments_csrf=\r\n", b"Accept-Language: ;q=\r\n",
              b"If-None-Match: W/\r\n", b"Accept-Encoding: gzip;q=x\r\n", b"\xff\xfe", b"\xc3\x28", b"A" * 300,
              b'{"isLiked": true, "isLiked": false}', b"[" * 50, b"{" * 50]
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(pieces)
        elif kind == 2 and data:
            del data[at:at + rng.randint(1, 16)]
        elif kind == 3:
            lines = bytes(data).split(b"\r\n")
            line = rng.choice(lines)
            lines.insert(rng.randrange(len(lines) + 1), line)
            data = bytearray(b"\r\n".join(lines))
        elif kind == 4:
            data = data[:at]
        else:
            start = rng.randrange(len(data) + 1)
            data[at:at] = data[start:start + rng.randint(1, 64)]
    return bytes(data)


WELL_FORMED_LINE = re.compile(rb"^[A-Za-z]+ [!-~]+ HTTP/1\.[01]$")


def test_mutatedRequests_areAnsweredWithoutA5xx_andNoneClosedInSilence(dashboard):
    rng = random.Random(SEED)
    seeds = [path.read_bytes().replace(b"Host: 127.0.0.1\r\n", f"Host: {dashboard.host}\r\n".encode())
             .replace(b"Origin: http://127.0.0.1:8080", f"Origin: http://{dashboard.host}".encode())
             for path in sorted(CORPUS.iterdir())]
    counts, failures = {}, []
    for index in range(MUTATIONS):
        data = mutate(rng, rng.choice(seeds))
        # A head that is whole, with a request line libmicrohttpd can split and no body to wait for.
        complete = (b"\r\n\r\n" in data and WELL_FORMED_LINE.match(data.split(b"\r\n", 1)[0]) is not None
                    and b"Content-Length" not in data and b"Transfer-Encoding" not in data)
        statuses = exchange(dashboard, data, wait=TIMEOUT if complete else 0.2)
        outcome = statuses[0] if statuses else "closed"
        counts[outcome] = counts.get(outcome, 0) + 1
        if statuses and not allowed(statuses[0]):
            failures.append(f"{statuses[0]} for {data[:400]!r}")
        if not statuses and complete:
            failures.append(f"closed in silence: {data[:400]!r}")
        if index % 250 == 249:
            healthy(dashboard)
    print(f"\n{MUTATIONS} mutated requests (seed {SEED}): {sorted(counts.items(), key=str)}")
    assert not failures, f"{len(failures)} failures; the first:\n" + "\n".join(failures[:10])
    healthy(dashboard)
