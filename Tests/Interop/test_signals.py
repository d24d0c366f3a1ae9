"""SIGTERM sent the moment a server has announced its URL stops it: a script that starts
`moments serve` or `moments bff`, reads the line and stops it again must never be left with a
process that ignores the signal."""
import signal
import subprocess

import pytest

from conftest import start_moments, stop_moments


@pytest.mark.parametrize("command", ["serve", "bff"])
def test_sigterm_rightAfterTheURLLine_stopsTheServer_everyTime(command):
    for attempt in range(40):
        process, _, data = start_moments(command)
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"attempt {attempt + 1}: moments {command} was still running 15 s after SIGTERM")
        finally:
            stop_moments(process, data)
        assert code in (0, -signal.SIGTERM), f"attempt {attempt + 1}: exit {code}"
