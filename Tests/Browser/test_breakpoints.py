"""Breakpoints in the browser: a call held by a breakpoint appears at once in every open inspector
tab, with its editor; continued from one tab, the waiting request ends and every tab sees it go.
Left alone, a held call counts down and continues unchanged at its timeout."""
import threading
import urllib.request

from selenium.webdriver.common.by import By

from helpers import api, console_errors, press, wait

READ = "getMomentsDetailsByUserID"


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
