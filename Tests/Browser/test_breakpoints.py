"""Breakpoints in the browser: a call held by a breakpoint appears at once in every open inspector
tab, with its editor; continued from one tab, the waiting request ends and every tab sees it go.
A like's held answer edited to say "not liked" is what the timeline then shows. Left alone, a held
call counts down and continues unchanged at its timeout."""
import json
import threading
import urllib.request

from selenium.webdriver.common.by import By

from helpers import api, console_errors, first_unliked_moment, like_button, press, set_toggle, wait

READ = "getMomentsDetailsByUserID"
LIKE = "updateMomentLike"


def open_inspector(browser, server, first):
    if not first:
        browser.switch_to.new_window("tab")
    browser.get(server + "/area51/network")
    wait(browser, 5).until(lambda d: d.execute_script("return document.documentElement.dataset.liveEvents") == "open")
    return browser.current_window_handle


def held_items(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-held-list] [data-held-id]")


def read_timeline_in_background(server):
    """Reads the timeline from the BFF as a page does, on a thread: its status once it ends."""
    result = {}

    def read():
        with urllib.request.urlopen(server + "/api/timeline?refresh=1", timeout=60) as answer:
            result["status"] = answer.status
    thread = threading.Thread(target=read)
    thread.start()
    return thread, result


def test_a_held_call_shows_in_every_inspector_tab_and_continues_from_one(server, browser, shoot):
    first = open_inspector(browser, server, True)
    second = open_inspector(browser, server, False)
    api(server, "PUT", f"/api/area51/breakpoints/{READ}", {"stage": "response"})

    thread, result = read_timeline_in_background(server)

    for handle in (first, second):
        browser.switch_to.window(handle)
        wait(browser, 5).until(lambda d: len(held_items(d)) == 1)
    item = held_items(browser)[0]
    assert item.get_attribute("data-held-stage") == "response"
    assert item.find_element(By.CSS_SELECTOR, "textarea[name=body]").get_attribute("value").startswith("{")
    assert thread.is_alive(), "the page's request waits while its call is held"
    shoot(browser, "held")

    press(browser, item.find_element(By.CSS_SELECTOR, "[data-held-continue]"))

    thread.join(timeout=10)
    assert result.get("status") == 200
    browser.switch_to.window(first)
    wait(browser, 5).until(lambda d: held_items(d) == [])
    holds = [e.get("holdSummary") for e in api(server, "GET", f"/api/area51/network?operation={READ}")["exchanges"]]
    assert "continued" in holds[0]
    assert console_errors(browser) == []


def test_a_held_request_left_alone_counts_down_and_continues_unchanged(server, browser):
    open_inspector(browser, server, True)
    api(server, "PUT", f"/api/area51/breakpoints/{READ}", {"stage": "request", "timeoutSeconds": 3})

    thread, result = read_timeline_in_background(server)

    countdown = wait(browser, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-held-list] [data-countdown]"))
    wait(browser, 2).until(lambda d: countdown.text.startswith("Continues unchanged in "))
    thread.join(timeout=10)
    assert result.get("status") == 200
    wait(browser, 5).until(lambda d: held_items(d) == [])
    holds = [e.get("holdSummary") for e in api(server, "GET", f"/api/area51/network?operation={READ}")["exchanges"]]
    assert "timedOut" in holds[0]


def unliked(answer, moment_id, user_id="0"):
    """`answer` with moment `moment_id` not liked by `user_id`, wherever the document put it."""
    if isinstance(answer, list):
        return [unliked(item, moment_id, user_id) for item in answer]
    if not isinstance(answer, dict):
        return answer
    edited = {key: unliked(value, moment_id, user_id) for key, value in answer.items()}
    if edited.get("id") == moment_id and "isLiked" in edited:
        edited["isLiked"] = False
        edited["likes"] = [like for like in edited.get("likes") or [] if like.get("id") != user_id]
    return edited


def test_a_likes_held_answer_edited_to_unliked_is_what_the_page_shows(server, browser, shoot):
    set_toggle(server, "isLikeButtonForMomentEnabled", True)
    browser.get(server + "/")
    timeline = browser.current_window_handle
    moment = first_unliked_moment(browser)
    inspector = open_inspector(browser, server, False)
    api(server, "PUT", f"/api/area51/breakpoints/{LIKE}", {"stage": "response"})

    browser.switch_to.window(timeline)
    press(browser, like_button(browser, moment))
    wait(browser, 2).until(lambda d: like_button(d, moment).get_attribute("aria-pressed") == "true")

    browser.switch_to.window(inspector)
    item = wait(browser, 5).until(lambda d: held_items(d) and held_items(d)[0])
    body = item.find_element(By.CSS_SELECTOR, "textarea[name=body]")
    answer = json.loads(body.get_attribute("value"))
    edited = unliked(answer, moment)
    assert edited != answer, "the held answer names the moment liked"
    browser.execute_script("arguments[0].value = arguments[1]", body, json.dumps(edited, indent=2))
    shoot(browser, "edited")
    press(browser, item.find_element(By.CSS_SELECTOR, "[data-held-continue-edited]"))
    wait(browser, 5).until(lambda d: held_items(d) == [])

    browser.switch_to.window(timeline)
    wait(browser, 5).until(lambda d: like_button(d, moment).get_attribute("aria-busy") is None
                           and like_button(d, moment).get_attribute("aria-pressed") == "false")
    holds = [e.get("holdSummary") for e in api(server, "GET", f"/api/area51/network?operation={LIKE}")["exchanges"]]
    assert "edited" in holds[0]
