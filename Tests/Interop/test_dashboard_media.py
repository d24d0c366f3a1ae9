"""Pictures from a team BFF: the seed BFF (graphql-core) sends absolute image URLs on a second
local HTTP server; the real `moments serve --bff-url` binary shows them through `/media`, keeps
them for when the BFF and the image host are both down, and fetches nothing the BFF never sent."""
import base64
import html
import re
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

from conftest import start_moments, stop_moments

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==")


class ImageHost:
    """A CDN stand-in: any `.png` or `.jpg` path answers a small PNG; requests are counted per path."""

    def __init__(self):
        self.requests: dict[str, int] = {}
        host = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                host.requests[self.path] = host.requests.get(self.path, 0) + 1
                if not self.path.endswith((".png", ".jpg")):
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "image/png" if self.path.endswith(".png") else "image/jpeg")
                self.send_header("Content-Length", str(len(PNG)))
                self.end_headers()
                self.wfile.write(PNG)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/cdn"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def image_sources(page: str) -> list[str]:
    return [html.unescape(src) for src in re.findall(r'<img[^>]* src="([^"]*)"', page)]


def test_dashboard_showsTheBFFsPicturesThroughMedia_andStillAfterTheBFFAndImageHostStop(seed_bff):
    images = ImageHost()
    bff = seed_bff(image_base_url=images.base_url)
    process, url, data = start_moments("serve", "--bff-url", bff.url)
    try:
        page = requests.get(url, timeout=15)
        assert page.status_code == 200
        assert "img-src 'self' data:;" in page.headers["Content-Security-Policy"]
        sources = image_sources(page.text)
        assert len(sources) >= 10
        assert all(src.startswith("/media?url=") for src in sources), sources
        remote = {urllib.parse.parse_qs(urllib.parse.urlsplit(src).query)["url"][0] for src in sources}
        assert all(u.startswith(images.base_url + "/images/") for u in remote), remote
        for src in sources:
            picture = requests.get(url.rstrip("/") + src, timeout=15)
            assert picture.status_code == 200, src
            assert picture.headers["Content-Type"].startswith("image/")
            assert picture.content == PNG

        never_sent = images.base_url + "/images/private/never-sent.png"
        refused = requests.get(url.rstrip("/") + "/media?url=" + urllib.parse.quote(never_sent, safe=""),
                               headers={"Accept": "application/json"}, timeout=15)
        assert refused.status_code == 404
        assert refused.json()["error"]["code"] == "unknown_media"
        assert images.requests.get("/cdn/images/private/never-sent.png", 0) == 0
    finally:
        process.terminate()
        process.wait(timeout=15)

    bff_url = bff.url
    bff.stop()
    images.stop()
    process, url, data = start_moments("serve", "--bff-url", bff_url, data_dir=data)
    try:
        page = requests.get(url, timeout=15)
        assert page.status_code == 200, "the saved timeline is shown"
        assert 'class="notice"' in page.text, "it says the moments are the saved ones"
        assert set(image_sources(page.text)) == set(sources)
        for src in sources:
            picture = requests.get(url.rstrip("/") + src, timeout=15)
            assert picture.status_code == 200, src
            assert picture.headers["Content-Type"].startswith("image/")
            assert picture.content == PNG
    finally:
        stop_moments(process, data)
