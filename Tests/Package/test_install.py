"""`make install DESTDIR=… PREFIX=/usr`: the installed binary, started from another folder, finds
its files beside itself and serves the timeline with its styles; `make uninstall` takes it all away."""
import os
import shutil
import subprocess

from conftest import Served, assert_serves_timeline, make


def test_install_serves_from_another_folder_a_lone_binary_names_every_place_and_uninstall_removes_everything(tmp_path):
    root = tmp_path / "root"
    make("install", f"DESTDIR={root}", "PREFIX=/usr")
    for installed in ("usr/share/man/man1/moments.1", "usr/share/bash-completion/completions/moments",
                      "usr/share/zsh/site-functions/_moments", "usr/share/fish/vendor_completions.d/moments.fish"):
        assert (root / installed).stat().st_size > 0, installed

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    served = Served([str(root / "usr/bin/moments")], cwd=str(elsewhere), data_dir=tmp_path / "data")
    try:
        assert_serves_timeline(served)
    finally:
        served.stop()

    lonely = tmp_path / "lonely/bin"
    lonely.mkdir(parents=True)
    shutil.copy(root / "usr/bin/moments", lonely)
    refused = subprocess.run([str(lonely / "moments"), "serve", "--port", "0"], cwd=str(root / "usr"),
                             capture_output=True, text=True, timeout=30)
    searched = [str(tmp_path / "lonely/share/moments"), str(lonely), str(tmp_path / "lonely"), str(tmp_path), "/"]
    assert refused.returncode != 0 and all(place in refused.stderr for place in searched), refused.stderr

    make("uninstall", f"DESTDIR={root}", "PREFIX=/usr")
    left = [os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names]
    assert left == []
