"""A client generated from the dashboard's own OpenAPI document by openapi-python-client (software
this project did not write), used as a script author would: its default headers and nothing else.
It sets, reads and clears a fault, runs an Area 51 tool, reads an exchange of the network log as
typed fields, replays it (and exports the replay as HAR), switches a toggle and likes a moment; each
answer must be the documented status and parse into the generated model, and each effect is read
back through the same client. The generator must print no warning about the document (a warning means a schema or
an answer was left out of the client)."""
import datetime
import importlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import types

import pytest

from conftest import start_moments, stop_moments

PACKAGE = "moments_web_client"
OPERATIONS = [
    "set_fault", "list_faults", "clear_fault", "clear_faults", "run_action", "get_timeline",
    "list_network_exchanges", "get_network_exchange", "replay_network_exchange", "export_network_har", "list_toggles", "update_toggle",
    "update_like", "get_moment", "set_breakpoint", "list_breakpoints", "abort_held_call", "clear_breakpoint",
]


@pytest.fixture(scope="session")
def generated():
    """Generates the client from the document a running dashboard serves (`GET /api/openapi.json`)
    into a temporary folder and imports it from there: `generated.api.<operation>` and
    `generated.models`, `generated.Client`, and the generator's output in `generated.log`."""
    process, url, data = start_moments("serve")
    origin = re.match(r"http://[^/]+", url).group(0)
    folder = tempfile.mkdtemp(prefix="moments-openapi-client-")
    try:
        run = subprocess.run(
            [sys.executable, "-m", "openapi_python_client", "generate", "--url", f"{origin}/api/openapi.json",
             "--meta", "none", "--output-path", f"{folder}/{PACKAGE}"],
            capture_output=True, text=True, timeout=180)
    finally:
        stop_moments(process, data)
    log = run.stdout + run.stderr
    assert run.returncode == 0, f"openapi-python-client failed:\n{log}"
    sys.path.insert(0, folder)
    try:
        package = importlib.import_module(PACKAGE)
        api = types.SimpleNamespace(**{
            name: importlib.import_module(f"{PACKAGE}.api.default.{name}") for name in OPERATIONS})
        yield types.SimpleNamespace(Client=package.Client, api=api,
                                    models=importlib.import_module(f"{PACKAGE}.models"), log=log)
    finally:
        sys.path.remove(folder)
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def client(generated):
    """A fresh `moments serve` and the generated client on it, with the client's own defaults
    (a longer timeout only: the machine running CI may be busy)."""
    import httpx

    process, url, data = start_moments("serve")
    origin = re.match(r"http://[^/]+", url).group(0)
    with generated.Client(base_url=origin, timeout=httpx.Timeout(30.0)) as client:
        yield client
    stop_moments(process, data)


def parsed(response, status: int, model):
    """The model the generated client parsed, once the status is the one expected."""
    assert response.status_code == status, f"{response.status_code} (wanted {status}): {response.content[:500]!r}"
    assert isinstance(response.parsed, model), f"parsed as {type(response.parsed).__name__}, not {model.__name__}"
    return response.parsed


def test_generator_reports_no_warning_about_the_document(generated):
    assert "Warning" not in generated.log and "WARNING" not in generated.log, generated.log


def test_generated_client_round_trip_with_no_extra_headers(generated, client):
    api, models = generated.api, generated.models
    operation = "getMomentsDetailsByUserID"

    # A fault set, then read back.
    fault = models.Fault(kind=models.FaultKind.HTTPSTATUS, status=503)
    faults = parsed(api.set_fault.sync_detailed(operation, client=client, body=fault), 200, models.FaultList)
    assert [(item.operation, item.fault["kind"], item.fault["status"]) for item in faults.faults] == \
        [(operation, "httpStatus", 503)]
    assert faults.faults[0].summary
    listed = parsed(api.list_faults.sync_detailed(client=client), 200, models.FaultList)
    assert [(item.operation, item.fault["status"]) for item in listed.faults] == [(operation, 503)]
    assert listed.audit and listed.audit[0]["operation"] == operation and listed.audit[0]["source"] == "api"

    # Cleared by operation (a body-less DELETE): the list is empty, the audit says so.
    cleared = parsed(api.clear_fault.sync_detailed(operation, client=client), 200, models.FaultList)
    assert cleared.faults == []
    assert cleared.audit[0]["operation"] == operation and "fault" not in cleared.audit[0].additional_properties
    assert parsed(api.list_faults.sync_detailed(client=client), 200, models.FaultList).faults == []
    unknown = parsed(api.clear_fault.sync_detailed("noSuchOperation", client=client), 404, models.Error)
    assert unknown.error.code == "unknown_operation"

    # Every fault cleared at once (a body-less DELETE), after setting two.
    for name in (operation, "remoteConfig"):
        parsed(api.set_fault.sync_detailed(name, client=client, body=models.Fault(kind=models.FaultKind.TIMEOUT)),
               200, models.FaultList)
    assert len(parsed(api.list_faults.sync_detailed(client=client), 200, models.FaultList).faults) == 2
    assert parsed(api.clear_faults.sync_detailed(client=client), 200, models.FaultList).faults == []
    assert parsed(api.list_faults.sync_detailed(client=client), 200, models.FaultList).faults == []

    # An Area 51 tool, run with no body (the generated call sends none).
    action = parsed(api.run_action.sync_detailed("clear-cache", client=client), 200, models.ActionResult)
    assert (action.action, action.terminates_process) == ("clear-cache", False)
    assert action.message

    # The network log, and one of its GraphQL exchanges replayed (a body-less POST).
    timeline = parsed(api.get_timeline.sync_detailed(client=client, refresh=models.GetTimelineRefresh.VALUE_0),
                      200, models.Timeline)
    assert timeline.sections
    log = parsed(api.list_network_exchanges.sync_detailed(client=client, operation=operation),
                 200, models.NetworkInspector)
    assert log.exchanges, "the timeline's GraphQL call is in the log"
    exchange = log.exchanges[0]
    # Typed fields, not additional_properties: the document describes every property of an exchange.
    assert isinstance(exchange, models.NetworkExchangeRow)
    assert isinstance(exchange.id, int) and isinstance(exchange.started_at, datetime.datetime)
    assert (exchange.operation_name, exchange.kind, exchange.outcome) == \
        (operation, models.NetworkExchangeKind.GRAPHQL, models.NetworkExchangeOutcome.OK)
    assert exchange.additional_properties == {}
    detail = parsed(api.get_network_exchange.sync_detailed(str(exchange.id), client=client),
                    200, models.NetworkExchangeDetail)
    whole = detail.exchange
    assert isinstance(whole, models.NetworkExchange) and whole.additional_properties == {}
    assert (whole.id, whole.operation_name, whole.outcome, whole.started_at) == \
        (exchange.id, operation, models.NetworkExchangeOutcome.OK, exchange.started_at)
    assert whole.response_body.size > 0 and not whole.response_body.is_truncated
    assert detail.summary.id == exchange.id
    replay = parsed(api.replay_network_exchange.sync_detailed(str(exchange.id), client=client),
                    200, models.ReplayResult)
    assert replay.original.id == exchange.id
    assert replay.replay.operation_name == operation and replay.replay.id != exchange.id
    assert replay.replay.outcome == models.NetworkExchangeOutcome.OK
    assert replay.differences == []
    after = parsed(api.list_network_exchanges.sync_detailed(client=client, operation=operation),
                   200, models.NetworkInspector)
    assert replay.replay.id in [item.id for item in after.exchanges], "the replay is logged too"
    har = parsed(api.export_network_har.sync_detailed(client=client, id=str(replay.replay.id)), 200, models.HAR)
    assert (har.log.version, har.log.creator.name, len(har.log.entries)) == ("1.2", "Moments Web", 1)
    entry = har.log.entries[0]
    assert (entry.request.method, entry.response.status) == ("POST", 200)
    assert isinstance(entry.started_date_time, datetime.datetime) and entry.additional_properties == {}

    # A toggle switched: the answer and the list both say so.
    toggle = "isLikeButtonForMomentEnabled"

    def value_in_list():
        listed = parsed(api.list_toggles.sync_detailed(client=client), 200, models.ToggleList)
        return next(item for item in listed.toggles if item.name == toggle).effective_value

    before = value_in_list()
    assert before is False
    switched = parsed(api.update_toggle.sync_detailed(toggle, client=client,
                                                      body=models.ToggleRequestType0(is_on=True)),
                      200, models.Toggle)
    assert (switched.name, switched.kind, switched.is_on, switched.effective_value) == \
        (toggle, models.ToggleKind.INTERNAL, True, True)
    assert value_in_list() is True

    # A moment liked (the like feature is on now): the answer and the moment read back both say so.
    moments = [item for section in timeline.sections for item in section.items if isinstance(item, models.MomentItem)]
    assert moments, "the timeline's moments parse as MomentItem"
    assert moments[0].is_liked is not True
    moment = moments[0].moment_id
    liked = parsed(api.update_like.sync_detailed(moment, client=client, body=models.LikeRequest(is_liked=True)),
                   200, models.MomentItem)
    assert (liked.moment_id, liked.is_liked) == (moment, True)
    page = parsed(api.get_moment.sync_detailed(moment, client=client), 200, models.MomentPage)
    assert (page.moment_id, page.is_liked) == (moment, True)
    assert page.likes == liked.likes and page.likes and all(isinstance(like, str) for like in page.likes)


def test_generated_client_holds_a_read_and_aborts_it_with_a_graphql_error(generated, client):
    api, models = generated.api, generated.models
    operation = "getMomentsDetailsByUserID"
    breakpoint = models.Breakpoint(stage=models.BreakpointStage.REQUEST, timeout_seconds=60)
    set_ = parsed(api.set_breakpoint.sync_detailed(operation, client=client, body=breakpoint), 200, models.BreakpointList)
    assert [(item.operation, item.breakpoint_.stage) for item in set_.breakpoints] == [(operation, models.BreakpointStage.REQUEST)]

    answers = []
    reader = threading.Thread(target=lambda: answers.append(
        api.get_timeline.sync_detailed(client=client, refresh=models.GetTimelineRefresh.VALUE_0)))
    reader.start()
    deadline = time.monotonic() + 20
    while not (held := parsed(api.list_breakpoints.sync_detailed(client=client), 200, models.BreakpointList).held):
        assert time.monotonic() < deadline, "no call was held"
        time.sleep(0.05)
    assert isinstance(held[0], models.HeldExchange) and held[0].operation == operation
    assert held[0].stage == models.HeldExchangeStage.REQUEST and isinstance(held[0].expires_at, datetime.datetime)

    # One of a status or a GraphQL error (oneOf): the generator takes the body as it is.
    abort = {"graphQLError": {"message": "QA says no", "code": "QA_ABORTED"}}
    after = parsed(api.abort_held_call.sync_detailed(held[0].id, client=client, body=abort), 200, models.BreakpointList)
    assert after.held == []
    reader.join(timeout=20)
    # The timeline's error state: a Timeline with hasError, and the error as every JSON failure carries it.
    assert parsed(answers[0], 502, models.Timeline).has_error
    assert json.loads(answers[0].content)["error"]["code"] == "bff_graphql_error"
    log = parsed(api.list_network_exchanges.sync_detailed(client=client, operation=operation), 200, models.NetworkInspector)
    assert log.exchanges[0].outcome == models.NetworkExchangeOutcome.GRAPHQLERROR
    assert "aborted" in log.exchanges[0].hold_summary
    gone = parsed(api.abort_held_call.sync_detailed(held[0].id, client=client, body=abort), 404, models.Error)
    assert gone.error.code == "unknown_held_exchange"
    assert parsed(api.clear_breakpoint.sync_detailed(operation, client=client), 200, models.BreakpointList).breakpoints == []
