"""Installed like an app (issue 27): one version, read at run time; `tablelife --version`
without Qt; the desktop entry, icon and AppStream metainfo in the user's XDG folders, valid
by the desktop's own validators; `--help` listing the commands; the licence; the README's
links."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tablelife.identity import APP_ID, LICENSE, WM_CLASS, installed_version, source_version
from tablelife.identity import version as tablelife_version

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
VERSION = PYPROJECT["project"]["version"]
REQUIRE_TOOLS = "TABLELIFE_REQUIRE_DESKTOP_TOOLS"
"""Set (by `make test` under CI): a missing validator fails its test instead of skipping."""

PROBE = """
import sys
from tablelife.main import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6"))
print("QT-MODULES", loaded, file=sys.stderr)
sys.exit(code)
"""


def tablelife(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -c PROBE ARGS`: the command as the entry point runs it, in its own process;
    stderr's last line lists the Qt modules it loaded."""
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def qt_modules(done: subprocess.CompletedProcess[str]) -> str:
    return done.stderr.rsplit("QT-MODULES", 1)[1].strip()


def tool(name: str) -> str:
    """The path of a desktop tool (a validator, Xvfb, xprop); skips without it, unless CI
    requires it."""
    found = shutil.which(name)
    if found is None:
        message = (
            f"{name} is not installed (Debian: desktop-file-utils, appstream, xvfb, x11-utils; "
            "`make test` installs them where it can)"
        )
        if os.environ.get(REQUIRE_TOOLS):
            pytest.fail(f"{message}, and {REQUIRE_TOOLS} says this run must check")
        pytest.skip(message)
    return found


# ----- the version --------------------------------------------------------------------------


def test_the_version_is_pyprojects() -> None:
    assert tablelife_version() == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


@pytest.mark.parametrize("option", ["--version", "-V"])
def test_version_prints_it_and_loads_no_qt(tmp_path: Path, option: str) -> None:
    done = tablelife(option, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"tablelife {VERSION}\n"
    assert qt_modules(done) == "[]"


def test_version_wins_over_the_window_options(tmp_path: Path) -> None:
    done = tablelife("--lang", "ru", "--version", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"tablelife {VERSION}\n")
    assert qt_modules(done) == "[]"


def test_a_source_tree_tells_its_own_version(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "tablelife"\nversion = "9.8.7"\n')
    assert source_version(tmp_path) == "9.8.7"
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "1.0.0"\n')
    assert source_version(tmp_path) is None  # another project's tree
    (tmp_path / "pyproject.toml").write_text("[project\n")
    assert source_version(tmp_path) is None
    assert source_version(tmp_path / "missing") is None


def test_an_installed_wheel_tells_its_version_by_its_metadata_folder(tmp_path: Path) -> None:
    assert installed_version(tmp_path) is None
    (tmp_path / "tablelife-2.3.4.dist-info").mkdir()
    (tmp_path / "tablelifeextra-1.0.dist-info").mkdir()  # another distribution's
    assert installed_version(tmp_path) == "2.3.4"
    (tmp_path / "tablelife-2.3.5.dist-info").mkdir()  # leftovers: importlib.metadata says
    assert installed_version(tmp_path) is None


# ----- the desktop install ------------------------------------------------------------------


def _entry(path: Path) -> dict[str, str]:
    lines = path.read_text("utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def _placed(home: Path) -> list[Path]:
    return [
        home / "applications" / f"{APP_ID}.desktop",
        home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        home / "metainfo" / f"{APP_ID}.metainfo.xml",
    ]


def test_install_desktop_writes_valid_files_into_xdg_data_home(tmp_path: Path) -> None:
    home = tmp_path / "share"
    done = tablelife("--install-desktop", cwd=tmp_path, env={"XDG_DATA_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    assert qt_modules(done) == "[]"
    entry_path, icon, metainfo = _placed(home)
    for path in (entry_path, icon, metainfo):
        assert f"installed {path}" in done.stdout
        assert path.is_file()
    entry = _entry(entry_path)
    # Under `python -c`, the entry starts this Python with -m tablelife.
    assert entry["Exec"] == f"{sys.executable} -m tablelife"
    assert entry["Icon"] == APP_ID
    assert entry["StartupWMClass"] == WM_CLASS == "tablelife"
    assert icon.read_text("utf-8").lstrip().startswith("<svg")

    component = ET.parse(metainfo).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("project_license") == LICENSE == PYPROJECT["project"]["license"]
    newest = component.find("releases/release")
    assert newest is not None and newest.get("version") == VERSION  # a release names it

    desktop_file_validate = tool("desktop-file-validate")
    checked = subprocess.run(
        [desktop_file_validate, str(entry_path)], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    appstreamcli = tool("appstreamcli")
    checked = subprocess.run(
        [appstreamcli, "validate", "--no-net", "--explain", str(metainfo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_uninstall_desktop_takes_the_files_away(tmp_path: Path) -> None:
    home = tmp_path / "share"
    env = {"XDG_DATA_HOME": str(home)}
    assert tablelife("--install-desktop", cwd=tmp_path, env=env).returncode == 0
    done = tablelife("--uninstall-desktop", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    for path in _placed(home):
        assert f"removed {path}" in done.stdout
        assert not path.exists()
    again = tablelife("--uninstall-desktop", cwd=tmp_path, env=env)
    assert again.returncode == 0
    assert again.stdout == f"Nothing to remove: Tablelife has no desktop entry in {home}.\n"


WINDOW_CLASS_PROBE = """
import subprocess, sys
from PySide6.QtWidgets import QWidget
from tablelife.gui import _app
app = _app()
window = QWidget()
window.show()
app.processEvents()
said = subprocess.run([sys.argv[1], "-id", str(int(window.winId())), "WM_CLASS"],
                      capture_output=True, text=True, timeout=60)
print(said.stdout.strip())
"""


def test_the_window_class_is_tablelife_on_x11(tmp_path: Path) -> None:
    """X11's WM_CLASS, which StartupWMClass names, whatever started Python (here `-c`, whose
    window would otherwise be of class "-c", as `python -m tablelife`'s was "__main__.py")."""
    xvfb, xprop = tool("Xvfb"), tool("xprop")
    ready, told = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(told), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
        pass_fds=(told,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(told)
    try:
        with os.fdopen(ready) as f:
            display = f.readline().strip()  # written once the server takes clients
        assert display.isdigit(), "Xvfb did not start"
        done = subprocess.run(
            [sys.executable, "-c", WINDOW_CLASS_PROBE, xprop],
            cwd=tmp_path,
            env={
                **os.environ,
                "PYTHONPATH": str(REPO),
                "DISPLAY": f":{display}",
                "QT_QPA_PLATFORM": "xcb",
            },
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == 'WM_CLASS(STRING) = "tablelife", "Tablelife"'


def test_a_relative_xdg_data_home_is_ignored(tmp_path: Path) -> None:
    from tablelife.cli.desktop import data_home

    assert data_home({"XDG_DATA_HOME": "share"}) == Path.home() / ".local" / "share"
    assert data_home({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    home = tmp_path / "share"
    home.mkdir()
    (home / "metainfo").write_text("a file where the folder goes")
    done = tablelife("--install-desktop", cwd=tmp_path, env={"XDG_DATA_HOME": str(home)})
    assert done.returncode == 1
    said = done.stderr.rsplit("QT-MODULES", 1)[0]
    assert "Traceback" not in said and said.count("\n") == 1, said
    assert said.startswith(f"tablelife: could not write {home / 'metainfo'}")


def test_desktop_options_stand_alone(tmp_path: Path) -> None:
    done = tablelife("--install-desktop", "--lang", "ru", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("tablelife: --install-desktop takes no other arguments\n")
    assert not (Path(os.environ["XDG_DATA_HOME"]) / "applications").exists()


@pytest.mark.parametrize(
    ("argv0", "command"),
    [
        ("/opt/tablelife/tablelife", ["/opt/tablelife/tablelife"]),  # a bundle, a script
        ("/src/tablelife/__main__.py", ["/usr/bin/python3", "-m", "tablelife"]),
    ],
)
def test_the_menu_starts_the_tablelife_that_installed_it(argv0: str, command: list[str]) -> None:
    from tablelife.cli.desktop import launch_command

    assert launch_command(argv0, "/usr/bin/python3") == command


def test_exec_quotes_what_the_desktop_entry_spec_reserves() -> None:
    from tablelife.cli.desktop import exec_line

    assert exec_line(["/opt/table life/tablelife"]) == '"/opt/table life/tablelife"'
    assert exec_line(["/o/100%/t"]) == "/o/100%%/t"
    # `$` escaped by the quoting rule, and its backslash doubled by the string rule.
    assert exec_line(["/o/$x y"]) == '"/o/\\\\$x y"'


def test_the_packaged_files_name_one_id() -> None:
    resources = REPO / "resources"
    assert sorted(p.name for p in resources.glob(f"{APP_ID}.*")) == [
        f"{APP_ID}.desktop",
        f"{APP_ID}.metainfo.xml",
        f"{APP_ID}.png",
        f"{APP_ID}.svg",
    ]
    spec = (REPO / "pysidedeploy.spec").read_text("utf-8")
    assert f"icon = tablelife/resources/{APP_ID}.png" in spec


# ----- conventions --------------------------------------------------------------------------


def test_help_lists_every_command_and_keeps_screenshots_for_documentation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tablelife.cli import COMMANDS, SUMMARIES
    from tablelife.main import CLI_VERBS, main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    listed = text.split("commands:\n", 1)[1].split("\n\n", 1)[0]
    names = [line.split()[0] for line in listed.splitlines()]
    assert names == [name for name, _ in SUMMARIES]
    # Every command the entry point dispatches is listed, and nothing else.
    assert set(names) == {"desk", *CLI_VERBS} == {"desk", *COMMANDS}
    options, documentation = text.split("\nfor documentation:\n", 1)
    for option in ("--screenshot", "--preset", "--players", "--table-mode", "--graph", "--theme"):
        assert option in documentation and option not in options
    for option in ("--version", "--data-dir", "--lang", "--install-desktop"):
        assert option in options


def test_the_licence_is_the_one_pyproject_names() -> None:
    assert PYPROJECT["project"]["license"] == LICENSE == "MIT"
    assert (REPO / "LICENSE").read_text("utf-8").startswith("MIT License\n")


def test_every_link_in_the_readme_resolves() -> None:
    text = (REPO / "README.md").read_text("utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links
    for link in links:
        if re.match(r"[a-z]+:", link) or link.startswith("#"):
            continue
        assert (REPO / link.split("#")[0]).exists(), link


def test_the_readme_starts_with_install() -> None:
    headings = re.findall(r"^## (.+)$", (REPO / "README.md").read_text("utf-8"), re.M)
    assert headings[:2] == ["Install", "Two commands for developers"]
