"""The standard Python GraphQL client, `gql` with default settings, against the embedded BFF: it
loads the schema by introspection, validates the dashboard's documents against it locally, runs
them remotely, and reads the BFF's errors by their `extensions.code`."""
import pytest
import requests
from gql import Client
from gql.graphql_request import GraphQLRequest
from gql.transport.exceptions import TransportQueryError
from gql.transport.requests import RequestsHTTPTransport
from graphql import (
    GraphQLError,
    build_client_schema,
    build_schema,
    lexicographic_sort_schema,
    print_schema,
)

from documents import LIKE, TIMELINE

def make_client(url: str) -> Client:
    """gql as its documentation shows it, asking it to load the schema from the server."""
    return Client(transport=RequestsHTTPTransport(url=url), fetch_schema_from_transport=True)


def timeline(session, user_id="0", with_likes=True) -> dict:
    request = GraphQLRequest(TIMELINE, variable_values={"userID": user_id, "withLikes": with_likes})
    return session.execute(request)["getMomentsDetailsByUserID"]


def test_client_loadsTheSchemaByIntrospection(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client:
        pass
    assert client.schema is not None
    query_fields = client.schema.query_type.fields
    assert list(query_fields) == ["getMomentsDetailsByUserID"]
    assert list(query_fields["getMomentsDetailsByUserID"].args) == ["userID", "first", "after", "from"]
    assert list(client.schema.mutation_type.fields) == ["updateMomentLike", "updateMomentLikes"]
    assert list(client.schema.mutation_type.fields["updateMomentLikes"].args) == ["changes"]


def test_timelineQuery_validatesLocally_andRunsRemotely_withAndWithoutLikes(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        client.validate(GraphQLRequest(TIMELINE))
        with_likes = timeline(session, with_likes=True)
        without_likes = timeline(session, with_likes=False)
    assert with_likes["userDetails"]["id"] == "0"
    assert len(with_likes["moments"]) > 0
    assert all("isLiked" in m and "likes" in m for m in with_likes["moments"])
    assert all("isLiked" not in m and "likes" not in m for m in without_likes["moments"])
    assert [m["id"] for m in without_likes["moments"]] == [m["id"] for m in with_likes["moments"]]


def test_localValidation_refusesADocumentTheSchemaDoesNotAllow(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client:
        pass
    with pytest.raises(GraphQLError):
        client.validate(GraphQLRequest('{ getMomentsDetailsByUserID(userID: "0") { password } }'))


def test_likeMutation_validatesLocally_runsRemotely_andReachesTheData(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        client.validate(GraphQLRequest(LIKE))
        before = next(m for m in timeline(session)["moments"] if not m["isLiked"])
        answer = session.execute(GraphQLRequest(LIKE, variable_values={
            "momentID": before["id"], "userID": "0", "isLiked": True}))["updateMomentLike"]
        after = next(m for m in timeline(session)["moments"] if m["id"] == before["id"])
    assert next(m for m in answer["moments"] if m["id"] == before["id"])["isLiked"] is True
    assert after["isLiked"] is True
    assert "0" in [liker["id"] for liker in after["likes"]]
    assert len(after["likes"]) == len(before["likes"]) + 1


def test_likeOfAnUnknownMoment_isAGraphQLErrorWithItsCode(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        with pytest.raises(TransportQueryError) as raised:
            session.execute(GraphQLRequest(LIKE, variable_values={
                "momentID": "no-such-moment", "userID": "0", "isLiked": True}))
    errors = raised.value.errors
    assert [e.get("extensions", {}).get("code") for e in errors] == ["UNKNOWN_MOMENT"]
    assert errors[0]["path"] == ["updateMomentLike"]


MOMENT_FROM = """
query getMomentsDetailsByUserID($userID: ID!, $from: ID) {
  getMomentsDetailsByUserID(userID: $userID, first: 1, from: $from) {
    moments { id title photos isLiked }
  }
}
"""

LIKE_FROM = """
mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
  updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked, first: 1, from: $momentID) {
    moments { id isLiked likes { id avatar } }
  }
}
"""


def test_fromDocuments_validateLocally_andReadAndLikeOneMomentByItsID(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        client.validate(GraphQLRequest(MOMENT_FROM))
        client.validate(GraphQLRequest(LIKE_FROM))
        everything = timeline(session)["moments"]
        deep = next(m for m in reversed(everything) if not m["isLiked"])
        read = session.execute(GraphQLRequest(MOMENT_FROM, variable_values={"userID": "0", "from": deep["id"]}))
        liked = session.execute(GraphQLRequest(LIKE_FROM, variable_values={
            "momentID": deep["id"], "userID": "0", "isLiked": True}))["updateMomentLike"]["moments"]
        with pytest.raises(TransportQueryError) as raised:
            session.execute(GraphQLRequest(MOMENT_FROM, variable_values={"userID": "0", "from": "no-such-moment"}))
    assert read["getMomentsDetailsByUserID"]["moments"] == [
        {"id": deep["id"], "title": deep["title"], "photos": deep["photos"], "isLiked": False}]
    assert [m["id"] for m in liked] == [deep["id"]]
    assert liked[0]["isLiked"] is True
    assert [e.get("extensions", {}).get("code") for e in raised.value.errors] == ["UNKNOWN_MOMENT"]


LIKES = """
mutation updateMomentLike($changes: [MomentLikeChange!]!) {
  updateMomentLikes(changes: $changes) { id isLiked }
}
"""


def test_likesInABatch_validateLocally_answerEachMomentInOrder_andFailByCode(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        client.validate(GraphQLRequest(LIKES))
        unliked = [m["id"] for m in timeline(session)["moments"] if not m["isLiked"]][:3]
        changes = [{"momentID": moment_id, "userID": "0", "isLiked": True} for moment_id in unliked]
        answer = session.execute(GraphQLRequest(LIKES, variable_values={"changes": changes}))["updateMomentLikes"]
        after = {m["id"]: m for m in timeline(session)["moments"]}
        with pytest.raises(TransportQueryError) as raised:
            session.execute(GraphQLRequest(LIKES, variable_values={"changes": [
                {"momentID": unliked[0], "userID": "0", "isLiked": False},
                {"momentID": "no-such-moment", "userID": "0", "isLiked": True}]}))
        kept = {m["id"]: m for m in timeline(session)["moments"]}
    assert [m["id"] for m in answer] == unliked
    assert all(m["isLiked"] is True for m in answer)
    assert all(after[moment_id]["isLiked"] is True and after[moment_id]["likes"][0]["id"] == "0" for moment_id in unliked), \
        "each like is the newest of its moment's likes, as the dashboard draws it"
    assert [e.get("extensions", {}).get("code") for e in raised.value.errors] == ["UNKNOWN_MOMENT"]
    assert raised.value.errors[0]["path"] == ["updateMomentLikes"]
    assert kept[unliked[0]]["isLiked"] is False, "the change that did not fail stays applied"


# The dashboard's batch for moments it has not read (UpdateMomentLikeSession.readingBatchQuery):
# each like answered with its whole moment, as the timeline selects it.
LIKES_READING = """
mutation updateMomentLike($changes: [MomentLikeChange!]!) {
  updateMomentLikes(changes: $changes) {
    id userDetails { name avatar } type title url photos createdDate isLiked likes { id avatar }
  }
}
"""


def test_likesInABatch_withTheWholeMoment_validateLocally_andAnswerWhatTheTimelineShows(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client as session:
        client.validate(GraphQLRequest(LIKES_READING))
        deepest = [m for m in timeline(session)["moments"] if not m["isLiked"]][-2:]
        changes = [{"momentID": m["id"], "userID": "0", "isLiked": True} for m in deepest]
        answer = session.execute(GraphQLRequest(LIKES_READING, variable_values={"changes": changes}))["updateMomentLikes"]
        after = {m["id"]: m for m in timeline(session)["moments"]}
    assert [m["id"] for m in answer] == [m["id"] for m in deepest]
    for moment in answer:
        assert moment == after[moment["id"]], "the batch answers each moment as the timeline then shows it"
        assert moment["isLiked"] is True


def test_introspectedSchema_equalsTheServedSDL(embedded_graphql_url):
    client = make_client(embedded_graphql_url)
    with client:
        pass
    answer = requests.get(embedded_graphql_url + "/schema.graphql", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].split(";")[0] in ("text/plain", "application/graphql")
    from_introspection = lexicographic_sort_schema(build_client_schema(client.introspection))
    from_sdl = lexicographic_sort_schema(build_schema(answer.text))
    assert print_schema(from_introspection) == print_schema(from_sdl)
    assert "updateMomentLike" in print_schema(from_sdl)
