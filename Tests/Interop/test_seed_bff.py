"""The independent BFF fixture itself (`seed_bff.py`), spoken to directly over HTTP: the other
interop tests rely on it refusing what the seed's BFF refuses and keeping the likes it is sent."""
import requests

from documents import LIKE, TIMELINE

PAGED_TIMELINE = """
query getMomentsDetailsByUserID($userID: ID!, $first: Int) {
  getMomentsDetailsByUserID(userID: $userID, first: $first) { moments { id } }
}
"""


def post(bff, query, variables=None, headers=None):
    return requests.post(bff.url, json={"query": query, "variables": variables or {}}, headers=headers or {},
                         timeout=10)


def test_seedBFF_answersTheSeedsTimelineQuery_andLogsItValid(seed_bff):
    bff = seed_bff()
    answer = post(bff, TIMELINE, {"userID": "0", "withLikes": True})
    assert answer.status_code == 200
    moments = answer.json()["data"]["getMomentsDetailsByUserID"]["moments"]
    assert [m["id"] for m in moments] == bff.moment_ids()
    assert len(moments) == 25 and {m["type"] for m in moments} == {"URL", "PHOTOS"}
    assert [(r.valid, r.operation) for r in bff.received()] == [(True, "query")]


def test_seedBFF_refusesADocumentThatDeclaresFirstInt(seed_bff):
    bff = seed_bff()
    assert bff.schema.get_type("Int") is None, "the seed's SDL uses no Int, so graphql-core leaves it out"
    answer = post(bff, PAGED_TIMELINE, {"userID": "0", "first": 5})
    assert answer.status_code == 400
    assert "data" not in answer.json() and answer.json()["errors"]
    assert [r.valid for r in bff.received()] == [False]


def test_seedBFF_appliesALike_andLaterReadsSeeIt(seed_bff):
    bff = seed_bff()
    moment_id = next(m for m in bff.moment_ids() if "0" not in bff.likers(m))
    answer = post(bff, LIKE, {"momentID": moment_id, "userID": "0", "isLiked": True})
    assert answer.status_code == 200 and "errors" not in answer.json()
    assert bff.likers(moment_id)[0] == "0"
    read = post(bff, TIMELINE, {"userID": "0", "withLikes": True}).json()
    moment = next(m for m in read["data"]["getMomentsDetailsByUserID"]["moments"] if m["id"] == moment_id)
    assert moment["isLiked"] is True
    assert [r.operation for r in bff.mutations_received()] == ["mutation"]


def test_seedBFF_options_introspectionOff_tokenRequired_absoluteImages(seed_bff):
    bff = seed_bff(introspection=False, token="s3cret", image_base_url="http://127.0.0.1:9/cdn")
    assert post(bff, TIMELINE, {"userID": "0", "withLikes": False}).status_code == 401
    authorized = {"Authorization": "Bearer s3cret"}
    assert post(bff, "{ __schema { types { name } } }", headers=authorized).status_code == 400
    answer = post(bff, TIMELINE, {"userID": "0", "withLikes": False}, headers=authorized)
    assert answer.status_code == 200
    details = answer.json()["data"]["getMomentsDetailsByUserID"]
    assert details["userDetails"]["avatar"].startswith("http://127.0.0.1:9/cdn/images/")
    assert [(r.status, r.valid) for r in bff.received()] == [(401, None), (400, False), (200, True)]
