"""An independent BFF for interop tests: a GraphQL server on graphql-core (the Python port of the
reference implementation) that serves exactly the seed's schema, without the optional `first` and
`after` (so the schema has no `Int`), with demo data held in memory.

It is written from the schema in docs/bff.md, not from the embedded BFF, so that the dashboard is tested against a
server it did not shape. Options cover what team BFFs do: introspection turned off, a bearer token
required, absolute image URLs on another host. Every request is logged with whether its document
passed validation, so a test can check what the client sent.

    with SeedBFF(introspection=False, token="s3cret") as bff:
        ... bff.url ... bff.likers("3") ... bff.received() ...
"""
from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Optional

from graphql import (
    FieldNode,
    FragmentSpreadNode,
    GraphQLError,
    ExecutionResult,
    ValidationRule,
    build_schema,
    execute,
    get_operation_ast,
    parse,
    specified_rules,
    subscribe,
    validate,
)
from graphql.validation import NoSchemaIntrospectionCustomRule

# docs/bff.md, "The BFF schema", as the seed's BFF has it: without `first` and `after`.
SEED_SDL = """
type Query {
  getMomentsDetailsByUserID(userID: ID!): MomentsDetails!
}
type Mutation {
  updateMomentLike(momentID: ID!, userID: ID!, isLiked: Boolean!): MomentsDetails!
}
type MomentsDetails { userDetails: UserDetails!  moments: [Moment!]! }
type UserDetails { id: ID!  name: String!  avatar: String!  backgroundImage: String! }
type Moment {
  id: ID!
  userDetails: MomentUserDetails!
  type: MomentType!
  title: String
  url: String
  photos: [String!]!
  createdDate: String!          # seconds since 1970, as a string
  isLiked: Boolean              # whether the user asked about liked it
  likes: [LikedUserDetails!]    # who liked it
}
type MomentUserDetails { name: String!  avatar: String! }
type LikedUserDetails { id: ID!  avatar: String! }
enum MomentType { URL PHOTOS }
"""

# A team BFF's live likes: each moment whose likes change, as the user named sees it.
SUBSCRIPTION_SDL = """
type Subscription { momentLikesChanged(userID: ID!): Moment! }
"""

USER_NAMES = ["Jake Lin", "Mei Chen", "Tom Baker", "Ana Silva", "Li Wei", "Sara Kim"]
NOW = 1_760_000_000  # a fixed "now", so that two servers hold the same data


@dataclass
class ReceivedRequest:
    """One request as the server saw it. `valid` is None when it was refused before validation
    (no credentials, not JSON, no query)."""
    query: Optional[str]
    operation_name: Optional[str]
    variables: dict
    valid: Optional[bool]
    errors: list = field(default_factory=list)
    headers: dict = field(default_factory=dict)
    status: int = 200
    operation: Optional[str] = None  # "query" or "mutation", once the document parsed


class SeedBFF:
    """The server; start it with `start()` or `with`, stop it with `stop()`.

    - `introspection=False` refuses documents that use `__schema` or `__type` (a validation error).
    - `token="…"` answers 401 to requests without `Authorization: Bearer …`.
    - `image_base_url="http://host:port"` makes avatars, covers and photos absolute URLs there;
      otherwise they are paths (`/images/avatars/01.png`) as the demo data has them.
    - `invalid_status` is the HTTP status of a refused document (400 as most servers answer; some
      answer 200 with `errors` and no `data`).
    - `graphql_response_json=True` answers in `application/graphql-response+json` a request whose
      `Accept` names it (GraphQL over HTTP), with the same statuses: 400 for a refused document.
    - `max_depth=3` refuses documents nested deeper than that (fields in fields), as team servers
      limit query depth: a validation error with `extensions.code` `QUERY_TOO_DEEP` (`DEPTH_ERROR_CODE`).
    - `subscriptions=True` adds `Subscription.momentLikesChanged(userID:)`, served over server-sent
      events (the graphql-sse protocol's distinct connections mode: a POST that accepts
      `text/event-stream` is answered with a `next` event per result and a `complete`), executed by
      graphql-core's `subscribe`: every like or unlike sends the moment as each subscriber sees it.
    - `failing_likes="3"` makes the `likes` resolver of that moment raise, as a likes service that
      timed out: graphql-core answers `data` with `likes: null` there and an `errors` entry with its
      `path` and `extensions.code` `LIKES_UNAVAILABLE` (`LIKES_ERROR_CODE`).
    - `removed_moment_field="title"` serves the schema without that field of `Moment`, as a BFF
      whose schema changed under its clients: a document asking for it fails validation.
    """

    def __init__(self, *, introspection: bool = True, token: Optional[str] = None,
                 image_base_url: Optional[str] = None, moments: int = 25, users: int = 6,
                 invalid_status: int = 400, failing_likes: Optional[str] = None,
                 graphql_response_json: bool = False, max_depth: Optional[int] = None,
                 subscriptions: bool = False, removed_moment_field: Optional[str] = None):
        sdl = SEED_SDL if removed_moment_field is None else SEED_SDL.replace(
            next(line for line in SEED_SDL.splitlines(keepends=True) if line.startswith(f"  {removed_moment_field}:")), "")
        self.schema = build_schema(sdl + (SUBSCRIPTION_SDL if subscriptions else ""))
        if subscriptions:
            field = self.schema.subscription_type.fields["momentLikesChanged"]
            field.subscribe = self._likes_changed
            field.resolve = lambda moment_id, _info, userID: self._moment(userID, moment_id)
        self._subscribers: list[queue.SimpleQueue] = []
        self.introspection = introspection
        self.token = token
        self.image_base_url = image_base_url.rstrip("/") if image_base_url else None
        self.invalid_status = invalid_status
        self.failing_likes = failing_likes
        self.graphql_response_json = graphql_response_json
        self.max_depth = max_depth
        self._lock = threading.Lock()
        self._log: list[ReceivedRequest] = []
        self._users, self._moments, self._likes = self._demo_data(users, moments)
        self._server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None

    # Serving

    def start(self) -> "SeedBFF":
        bff = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                if bff.schema.subscription_type and "text/event-stream" in (self.headers.get("Accept") or ""):
                    bff.stream(self, self.rfile.read(length))
                    return
                status, body, extra = bff.answer(self.path, dict(self.headers), self.rfile.read(length))
                self.send_response(status)
                self.send_header("Content-Type", bff.media_type(self.headers.get("Accept")))
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                body = json.dumps({"errors": [{"message": "Send GraphQL requests with POST."}]}).encode()
                self.send_response(405)
                self.send_header("Allow", "POST")
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = None

    def __enter__(self) -> "SeedBFF":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        """The GraphQL endpoint, as `--bff-url` takes it."""
        return f"http://127.0.0.1:{self.port}/graphql"

    # What the server received and holds

    def received(self) -> list[ReceivedRequest]:
        with self._lock:
            return list(self._log)

    def mutations_received(self) -> list[ReceivedRequest]:
        return [r for r in self.received() if r.operation == "mutation"]

    def likers(self, moment_id: str) -> list[str]:
        """IDs of the users who like the moment, most recent first."""
        with self._lock:
            return list(self._likes[moment_id])

    def moment_ids(self) -> list[str]:
        """Every moment's ID, newest first, as the timeline lists them."""
        with self._lock:
            return [m["id"] for m in self._moments]

    def user_ids(self) -> list[str]:
        with self._lock:
            return list(self._users)

    # GraphQL over HTTP

    def media_type(self, accept: Optional[str]) -> str:
        """The answer's Content-Type: GraphQL over HTTP's own type for a client that names it."""
        if self.graphql_response_json and GRAPHQL_RESPONSE_JSON in (accept or ""):
            return GRAPHQL_RESPONSE_JSON + "; charset=utf-8"
        return "application/json"

    def answer(self, path: str, headers: dict, body: bytes) -> tuple[int, bytes, dict]:
        """Status, JSON body and extra headers for one POST."""
        lowered = {k.lower(): v for k, v in headers.items()}
        if path.split("?")[0] != "/graphql":
            return self._refuse(None, {}, None, 404, "Not found.", lowered)
        if self.token is not None and lowered.get("authorization") != f"Bearer {self.token}":
            status, payload, _ = self._refuse(None, {}, None, 401, "Unauthorized.", lowered)
            return status, payload, {"WWW-Authenticate": "Bearer"}
        try:
            request = json.loads(body)
            query = request["query"]
            variables = request.get("variables") or {}
            operation_name = request.get("operationName")
            if not isinstance(query, str) or not isinstance(variables, dict):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            return self._refuse(None, {}, None, 400, "The body is not a GraphQL request.", lowered)
        try:
            document = parse(query)
        except GraphQLError as error:
            return self._refuse(query, variables, operation_name, self.invalid_status, error.message, lowered,
                                valid=False)
        operation = get_operation_ast(document, operation_name)
        operation = operation.operation.value if operation else None
        rules = list(specified_rules)
        if not self.introspection:
            rules.append(NoSchemaIntrospectionCustomRule)
        if self.max_depth is not None:
            rules.append(_depth_limit(self.max_depth))
        errors = validate(self.schema, document, rules)
        if errors:
            entry = ReceivedRequest(query, operation_name, variables, False, [e.formatted for e in errors],
                                    lowered, self.invalid_status, operation)
            self._record(entry)
            return self.invalid_status, json.dumps({"errors": entry.errors}).encode(), {}
        result = execute(self.schema, document, root_value=_Root(self), variable_values=variables,
                         operation_name=operation_name)
        payload = {"data": result.data}
        if result.errors:
            payload["errors"] = [e.formatted for e in result.errors]
        self._record(ReceivedRequest(query, operation_name, variables, True, payload.get("errors", []), lowered,
                                     200, operation))
        return 200, json.dumps(payload).encode(), {}

    def stream(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        """Answers a POST that accepts `text/event-stream`: one `next` event per result, then `complete`."""
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-store")
        handler.end_headers()
        events = _EventStream(handler.wfile)
        threading.Thread(target=events.keep_alive, daemon=True).start()
        asyncio.run(self._stream(events, body, {k.lower(): v for k, v in handler.headers.items()}))
        events.send("event: complete\ndata:\n\n")
        events.open = False

    async def _stream(self, events: "_EventStream", body: bytes, headers: dict) -> None:
        try:
            request = json.loads(body)
            query, variables = request["query"], request.get("variables") or {}
            document = parse(query)
        except (ValueError, KeyError, TypeError, GraphQLError) as error:
            events.next({"errors": [{"message": str(error)}]})
            return
        operation_name = request.get("operationName")
        errors = validate(self.schema, document)
        self._record(ReceivedRequest(query, operation_name, variables, not errors, [e.formatted for e in errors],
                                     headers, 200, "subscription"))
        if errors:
            events.next({"errors": [e.formatted for e in errors]})
            return
        results = subscribe(self.schema, document, context_value=events, variable_values=variables,
                            operation_name=operation_name)
        if not isinstance(results, ExecutionResult):
            results = await results if asyncio.iscoroutine(results) else results
        if isinstance(results, ExecutionResult):
            events.next(results.formatted)
            return
        try:
            async for result in results:
                if not events.next(result.formatted):
                    break
        finally:
            await results.aclose()

    async def _likes_changed(self, _root, info, userID):
        """The source stream: the ID of each moment liked or unliked from now on, while the client listens."""
        if userID not in self.user_ids():
            raise GraphQLError(f"No user {userID}.")
        changes: queue.SimpleQueue = queue.SimpleQueue()
        with self._lock:
            self._subscribers.append(changes)
        try:
            while info.context.open:
                try:
                    yield await asyncio.to_thread(changes.get, timeout=0.5)
                except queue.Empty:
                    pass
        finally:
            with self._lock:
                self._subscribers.remove(changes)

    def _moment(self, user_id: str, moment_id: str) -> dict:
        return next(m for m in self.details(user_id)["moments"] if m["id"] == moment_id)

    def subscribers(self) -> int:
        """How many subscriptions are listening now."""
        with self._lock:
            return len(self._subscribers)

    def _refuse(self, query, variables, operation_name, status, message, headers, valid=None):
        errors = [{"message": message}]
        self._record(ReceivedRequest(query, operation_name, variables, valid, errors, headers, status))
        return status, json.dumps({"errors": errors}).encode(), {}

    def _record(self, entry: ReceivedRequest) -> None:
        with self._lock:
            self._log.append(entry)

    # Data

    def _image(self, path: str) -> str:
        return f"{self.image_base_url}{path}" if self.image_base_url else path

    def _demo_data(self, user_count: int, moment_count: int):
        users = {}
        for index in range(max(user_count, 2)):
            user_id = str(index)
            users[user_id] = {
                "id": user_id,
                "name": USER_NAMES[index % len(USER_NAMES)] + ("" if index < len(USER_NAMES) else f" {index}"),
                "avatar": self._image(f"/images/avatars/{index % 10:02d}.png"),
                "backgroundImage": self._image(f"/images/backgrounds/{index % 5:02d}.jpg"),
            }
        moments, likes = [], {}
        authors = [u for u in users if u != "0"]
        for index in range(moment_count):
            moment_id = str(moment_count - index)  # newest first, IDs counting down
            author = users[authors[index % len(authors)]]
            is_photos = index % 2 == 0
            moments.append({
                "id": moment_id,
                "author": author["id"],
                "type": "PHOTOS" if is_photos else "URL",
                "title": f"Moment {moment_id}" if index % 5 else None,
                "url": None if is_photos else f"https://example.com/articles/{moment_id}",
                "photos": [self._image(f"/images/photos/{(index + k) % 40:02d}.jpg")
                           for k in range(1 + index % 3)] if is_photos else [],
                "createdDate": str(NOW - 600 * index),
            })
            # Every third moment is liked by a couple of friends; none by user "0" yet.
            likes[moment_id] = [authors[(index + k) % len(authors)] for k in range(2)] if index % 3 == 0 else []
        return users, moments, likes

    def details(self, user_id: str) -> dict:
        """`MomentsDetails` of `user_id`, as the schema lays it out."""
        with self._lock:
            if user_id not in self._users:
                raise GraphQLError(f"No user {user_id}.")
            user = self._users[user_id]
            moments = []
            for moment in self._moments:
                author = self._users[moment["author"]]
                likers = self._likes[moment["id"]]
                moments.append({
                    "id": moment["id"],
                    "userDetails": {"name": author["name"], "avatar": author["avatar"]},
                    "type": moment["type"],
                    "title": moment["title"],
                    "url": moment["url"],
                    "photos": list(moment["photos"]),
                    "createdDate": moment["createdDate"],
                    "isLiked": user_id in likers,
                    # graphql-core's default resolver calls a callable value: the resolver error is its own.
                    "likes": _likes_unavailable if moment["id"] == self.failing_likes
                    else [{"id": liker, "avatar": self._users[liker]["avatar"]} for liker in likers],
                })
            return {"userDetails": dict(user), "moments": moments}

    def set_like(self, moment_id: str, user_id: str, is_liked: bool) -> dict:
        with self._lock:
            if user_id not in self._users:
                raise GraphQLError(f"No user {user_id}.")
            if moment_id not in self._likes:
                raise GraphQLError(f"No moment {moment_id}.")
            likers = self._likes[moment_id]
            if user_id in likers:
                likers.remove(user_id)
            if is_liked:
                likers.insert(0, user_id)
            for subscriber in self._subscribers:
                subscriber.put(moment_id)
        return self.details(user_id)


LIKES_ERROR_CODE = "LIKES_UNAVAILABLE"
DEPTH_ERROR_CODE = "QUERY_TOO_DEEP"
GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"


def _depth_limit(max_depth: int) -> type[ValidationRule]:
    """A validation rule refusing operations whose fields nest deeper than `max_depth`."""

    class DepthLimit(ValidationRule):
        def enter_operation_definition(self, node, *_args):
            depth = _depth(node.selection_set, self.context, set())
            if depth > max_depth:
                self.report_error(GraphQLError(f"The document nests {depth} fields deep; at most {max_depth}.", node,
                                               extensions={"code": DEPTH_ERROR_CODE}))

    return DepthLimit


def _depth(selection_set, context, fragments_seen: set) -> int:
    if selection_set is None:
        return 0
    depth = 0
    for selection in selection_set.selections:
        if isinstance(selection, FieldNode):
            depth = max(depth, 1 + _depth(selection.selection_set, context, fragments_seen))
        elif isinstance(selection, FragmentSpreadNode):
            name = selection.name.value
            fragment = context.get_fragment(name)
            if fragment and name not in fragments_seen:
                depth = max(depth, _depth(fragment.selection_set, context, fragments_seen | {name}))
        else:  # an inline fragment
            depth = max(depth, _depth(selection.selection_set, context, fragments_seen))
    return depth


def _likes_unavailable(_info):
    raise GraphQLError("The likes service did not answer in time.", extensions={"code": LIKES_ERROR_CODE})


class _EventStream:
    """One server-sent event stream: `next` events written whole under a lock, a comment line every
    second so that a client that left is noticed (`open` turns false)."""

    def __init__(self, wfile):
        self._wfile = wfile
        self._lock = threading.Lock()
        self.open = True

    def send(self, text: str) -> bool:
        with self._lock:
            try:
                self._wfile.write(text.encode())
                self._wfile.flush()
            except OSError:
                self.open = False
        return self.open

    def next(self, result: dict) -> bool:
        return self.send(f"event: next\ndata: {json.dumps(result)}\n\n")

    def keep_alive(self) -> None:
        while self.open and self.send(": keep-alive\n\n"):
            time.sleep(1)


class _Root:
    """The root value: graphql-core's default resolver calls these with the field's arguments."""

    def __init__(self, bff: SeedBFF):
        self._bff = bff

    def getMomentsDetailsByUserID(self, _info, userID):
        return self._bff.details(userID)

    def updateMomentLike(self, _info, momentID, userID, isLiked):
        return self._bff.set_like(momentID, userID, isLiked)
