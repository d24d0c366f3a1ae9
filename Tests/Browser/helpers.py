"""What the browser tests share: waiting on pages that redraw themselves, finding like buttons,
reading the console, and talking to the dashboard's JSON API the way a script does."""
import base64
import json
import time
import urllib.request

import websocket

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, seconds=5):
    # Open pages redraw themselves on live updates, so an element found a moment ago may be gone:
    # chromedriver says so as a stale element, or as an inspector error ("Node with given id does
    # not belong to the document") when the node went between finding it and reading it. Either is
    # asked again; a condition that never holds still fails when the wait times out.
    return WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException, WebDriverException])


def like_button(driver, moment_id):
    return driver.find_element(By.CSS_SELECTOR, f"#moment-{moment_id} [data-like-form] button")


def answered_like_button(driver, moment_id):
    """The moment's like button once the server's answer has replaced it: with JavaScript a press
    shows the button pressed at once, and busy until the answer comes."""
    return driver.find_element(By.CSS_SELECTOR, f"#moment-{moment_id} [data-like-form] button:not([aria-busy])")


def first_unliked_moment(driver):
    for button in driver.find_elements(By.CSS_SELECTOR, "[data-like-form] button"):
        if button.get_attribute("aria-pressed") == "false":
            return button.find_element(By.XPATH, "./ancestor::*[@data-moment-id]").get_attribute("data-moment-id")
    raise AssertionError("every moment is liked already")


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def press_area51_shortcut(driver):
    ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.ALT).send_keys("a").key_up(Keys.ALT).key_up(Keys.CONTROL).perform()


def api(server, method, path, body=None):
    """A JSON request as a script sends it; answers the decoded JSON."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def set_toggle(server, name, is_on):
    """Flips an internal toggle through the JSON API; answers the time of the flip in ms."""
    flipped_at = time.time() * 1000
    api(server, "PUT", f"/api/toggles/{name}", {"isOn": is_on})
    return flipped_at


def mark_for_redraw(driver):
    """Notes when the page's content is next redrawn from the server (`window.redrawnAt`, ms)."""
    driver.execute_script("""
        window.redrawnAt = undefined;
        document.querySelector('.app').dataset.beforeRedraw = '1';
        new MutationObserver((changes, observer) => {
          if (!document.querySelector('.app[data-before-redraw]')) { window.redrawnAt = Date.now(); observer.disconnect(); }
        }).observe(document.body, { childList: true });
    """)


def redrawn_at(driver, seconds=5):
    return wait(driver, seconds).until(lambda d: d.execute_script("return window.redrawnAt"))


def press(driver, element):
    """Clicks `element` once scrolled to the middle of the window, clear of the sticky top bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


class DevToolsPage:
    """The tab as Chromium's DevTools protocol reaches it, beside chromedriver: chromedriver holds
    every command while a navigation is under way, so a click that starts a slow one is sent, and
    the page waiting for the next one photographed, through here. (DevTools holds evaluations
    then too: what the waiting page does, it records itself in `sessionStorage`.)"""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as answer:
            page = next(target for target in json.loads(answer.read()) if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=10, suppress_origin=True)
        self.last_id = 0

    def call(self, method, **params):
        self.last_id += 1
        self.socket.send(json.dumps({"id": self.last_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.last_id:
                assert "error" not in message, message
                return message["result"]

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def click(self, selector):
        """A mouse click in the middle of the element `selector`, answered at once."""
        x, y = self.evaluate(f"""(() => {{ const box = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2]; }})()""")
        for kind in ["mousePressed", "mouseReleased"]:
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, path):
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))

    def close(self):
        self.socket.close()
