"""The real `moments` binary against an independent BFF (graphql-core, `seed_bff.py`) that
requires `Authorization: Bearer …`: without `--bff-header` a clear credentials error, with it
the timeline; the token never shows in Area 51."""
import requests

from conftest import start_moments, stop_moments

TOKEN = "interop-s3cret-token"


def test_withoutBFFHeader_theTimelineIsACredentialsRefusal(seed_bff):
    bff = seed_bff(token=TOKEN)
    process, url, data = start_moments("serve", "--bff-url", bff.url)
    try:
        page = requests.get(url, timeout=15)
        assert page.status_code == 502
        assert "The BFF refused the credentials (HTTP 401)" in page.text
        assert "bff_credentials_refused" in page.text
        twin = requests.get(url + "api/timeline", timeout=15)
        assert twin.status_code == 502
        assert twin.json()["error"]["code"] == "bff_credentials_refused"
        assert "refused the credentials" in twin.json()["error"]["message"]
        assert all(r.status == 401 for r in bff.received()), "every request was refused, none ran"
    finally:
        stop_moments(process, data)


def test_withBFFHeader_theTimelineShows_andTheTokenStaysHidden(seed_bff):
    bff = seed_bff(token=TOKEN)
    process, url, data = start_moments("serve", "--bff-url", bff.url, "--bff-header", f"Authorization: Bearer {TOKEN}")
    try:
        twin = requests.get(url + "api/timeline", timeout=15)
        assert twin.status_code == 200, twin.text
        moments = [item for section in twin.json()["sections"] for item in section["items"]
                   if item["reuseIdentifier"] == "MomentListItemViewModel"]
        assert [m["momentID"] for m in moments] == bff.moment_ids()[:len(moments)] and moments
        page = requests.get(url, timeout=15)
        assert page.status_code == 200
        assert "bff_credentials_refused" not in page.text
        for area51 in (requests.get(url + "api/area51", timeout=15).text, requests.get(url + "area51", timeout=15).text):
            assert TOKEN not in area51
            assert "Authorization: Bearer ••••" in area51
    finally:
        stop_moments(process, data)
