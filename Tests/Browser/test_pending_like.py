"""A like on its way, under a delay fault on updateMomentLike: the heart changes at once and the
button says it is pending (aria-busy, DesignKit's pending style, the live region) until the answer
comes; a second press meanwhile sends nothing; a failure puts the button back with a toast."""
import pytest
from selenium.webdriver.common.by import By

from helpers import api, console_errors, first_unliked_moment, like_button, press, set_toggle, wait

LIKE = "updateMomentLike"
DELAY_MS = 2000


def like_exchanges(server):
    return api(server, "GET", f"/api/area51/network?operation={LIKE}")["exchanges"]


def pending(driver, moment):
    button = like_button(driver, moment)
    return button.get_attribute("aria-busy") == "true" and button.get_attribute("aria-pressed") == "true"


def announced(driver):
    """What the page's polite live region says now (it is visually hidden)."""
    return driver.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent")


def look(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_slow_like_shows_the_changed_heart_and_pending_until_its_answer(server, browser, shoot, scheme):
    set_toggle(server, "isLikeButtonForMomentEnabled", True)
    api(server, "PUT", f"/api/area51/faults/{LIKE}", {"kind": "delay", "delayMs": DELAY_MS})
    look(browser, scheme)
    browser.get(server + "/")
    moment = first_unliked_moment(browser)
    button = like_button(browser, moment)
    assert button.get_attribute("aria-busy") is None

    press(browser, button)
    wait(browser, 1).until(lambda d: pending(d, moment))
    assert like_exchanges(server) == [], "pending before the BFF's answer came"
    style = browser.execute_script(
        "const b = arguments[0]; return [getComputedStyle(b).cursor, getComputedStyle(b.querySelector('.dk-favorite-icon')).animationName]",
        button)
    assert style == ["progress", "dk-pending"], "DesignKit's pending style"
    wait(browser, 1).until(lambda d: announced(d) == "Liking…")
    shoot(browser, f"pending-390-{scheme}")

    press(browser, button)  # a second press while the first is on its way
    assert pending(browser, moment)

    wait(browser, 10).until(lambda d: like_button(d, moment).get_attribute("aria-busy") is None)
    assert like_button(browser, moment).get_attribute("aria-pressed") == "true", "the answer keeps the heart"
    wait(browser, 2).until(lambda d: announced(d) == "Liked")
    exchanges = like_exchanges(server)
    assert [e["outcome"] for e in exchanges] == ["injectedFault"], "one like sent, whatever the second press"
    assert exchanges[0]["durationMilliseconds"] >= DELAY_MS
    shoot(browser, f"answered-390-{scheme}")
    assert console_errors(browser) == []


def test_a_failed_like_puts_the_heart_back_with_the_toast(server, browser):
    set_toggle(server, "isLikeButtonForMomentEnabled", True)
    api(server, "PUT", f"/api/area51/faults/{LIKE}", {"kind": "httpStatus", "status": 503})
    browser.get(server + "/")
    moment = first_unliked_moment(browser)

    press(browser, like_button(browser, moment))

    toast = wait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".toast[role=alert]"))
    assert toast.text, "the toast says why"
    button = like_button(browser, moment)
    assert (button.get_attribute("aria-pressed"), button.get_attribute("aria-busy")) == ("false", None)
    assert [e["outcome"] for e in like_exchanges(server)] == ["injectedFault"]
