"""The header's user switch: an ID the BFF does not know is said beside the field (not a whole
404 page), the field keeps the focus and says it is invalid; a known ID switches as before."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import console_errors, wait

FIELD = "[data-user-switch] [name=userID]"


def test_unknown_user_is_said_beside_the_field_and_a_known_one_switches(server, browser, shoot):
    browser.get(server + "/")
    browser.execute_script("window.stillHere = true")
    field = browser.find_element(By.CSS_SELECTOR, FIELD)
    field.clear()
    field.send_keys("nobody", Keys.ENTER)
    error = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-user-switch-error]"))
    assert "nobody" in error.text
    assert browser.execute_script("return window.stillHere") is True, "no error page: the timeline stays"
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == error.get_attribute("id")
    assert browser.switch_to.active_element == field, "focus stays in the field to correct it"
    shoot(browser, "1-unknown-user")

    field.clear()
    field.send_keys("3", Keys.ENTER)
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, FIELD).get_attribute("data-acting-user") == "3")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-user-switch-error]")
    assert [e for e in console_errors(browser) if "404" not in e] == []
