"""GraphQL over HTTP, the client side: a graphql-core BFF that answers in
`application/graphql-response+json` when asked refuses the dashboard's documents (a depth limit)
with a 400 and a GraphQL body. The dashboard asked for that type, and reports the refusal as the
BFF's GraphQL error with its `extensions.code`, not as an HTTP status."""
import re

import requests

from conftest import start_moments, stop_moments
from seed_bff import DEPTH_ERROR_CODE, GRAPHQL_RESPONSE_JSON

ACCEPT = "application/graphql-response+json, application/json;q=0.9"


def test_seedBFF_refusesADeepDocument_with400_inGraphQLResponseJSON(seed_bff):
    bff = seed_bff(graphql_response_json=True, max_depth=2)
    query = 'query t { getMomentsDetailsByUserID(userID: "0") { moments { id } } }'
    answer = requests.post(bff.url, json={"query": query}, headers={"Accept": ACCEPT}, timeout=10)
    assert answer.status_code == 400
    assert answer.headers["Content-Type"].startswith(GRAPHQL_RESPONSE_JSON)
    assert "data" not in answer.json()
    assert [error["extensions"]["code"] for error in answer.json()["errors"]] == [DEPTH_ERROR_CODE]


def test_refusedDocument_400InGraphQLResponseJSON_isReportedWithTheGraphQLErrorsCode(seed_bff):
    bff = seed_bff(graphql_response_json=True, max_depth=2)
    process, url, data = start_moments("serve", "--bff-url", bff.url)
    try:
        origin = re.match(r"http://[^/]+", url).group(0)
        answer = requests.get(f"{origin}/api/timeline", timeout=10)
        assert answer.status_code == 502, answer.text
        assert answer.json()["error"]["code"] == "bff_graphql_error"

        timeline = [r for r in bff.received() if r.operation_name == "getMomentsDetailsByUserID"]
        assert timeline, "the dashboard sent its timeline document"
        assert all(r.headers["accept"] == ACCEPT and r.status == 400 for r in timeline)

        exchanges = requests.get(f"{origin}/api/area51/network?operation=getMomentsDetailsByUserID", timeout=10).json()
        latest = exchanges["exchanges"][0]
        assert latest["status"] == 400
        assert latest["outcome"] == "graphQLError"
        assert [error.get("code") for error in latest["errors"]] == [DEPTH_ERROR_CODE]
    finally:
        stop_moments(process, data)
