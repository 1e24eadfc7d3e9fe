"""`--from-jax`, `from-jax` in the config, and the project's declaration of jax (issue 17).

What a user checks: `jax.make_mesh` without `axis_types` is reported (SF207) in code known to be
written for a JAX older than 0.9.0, however that is known, and nothing changes when nothing is
known or the declaration admits 0.9.0 or later; `--verbose` says where the answer came from.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from codemods.engine import Options, process_source
from codemods.written_for import WrittenFor, declared, upper_bound

MESH = "import jax\nmesh = jax.make_mesh((2, 4), ('i', 'j'))\n"
AUTO = "mesh = jax.make_mesh((2, 4), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)\n"


@pytest.mark.parametrize("requirement, newest", [
    ("jax==0.6.2", "0.6.2"),
    ("jax<0.9", "below 0.9.0"),
    ("jax~=0.6.1", "below 0.7.0"),
    ("jax~=0.6", "below 1.0.0"),
    ("jax>=0.5,<0.8", "below 0.8.0"),
    ("jax[cuda12]>=0.4.30,<=0.8.1", "0.8.1"),
    ("jax==0.8.*", "below 0.9.0"),
    ("jax<0.9.0.1", "below 0.9.0.1"),  # admits 0.9.0 itself
    ("jax>=0.5", None),
    ("jax", None),
    ("jax!=0.7.0", None),
    ("jax<0.9; python_version < '3.12'", None),  # other Pythons get an unbounded jax
    ("jax @ https://example.com/jax-0.6.2.tar.gz", None),
    ("jax>=0.9,<0.8", None),  # admits nothing
    ("jax<<0.9", None),
])
def test_the_newest_release_a_declaration_admits(requirement, newest):
    bound = upper_bound(requirement)
    assert (bound.describe() if bound else None) == newest


@pytest.mark.parametrize("requirement, before_0_9", [
    ("jax==0.8.1", True), ("jax<0.9", True), ("jax<=0.9.0", False), ("jax<0.9.0.1", False),
    ("jax~=0.8.0", True), ("jax~=0.8", False), ("jax==0.9.2", False),
])
def test_written_before_0_9(requirement, before_0_9):
    assert upper_bound(requirement).before((0, 9, 0)) is before_0_9


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_every_declaration_counts_and_the_newest_wins(tmp_path):
    write(tmp_path, "pyproject.toml", '[project]\nname = "p"\ndependencies = ["jax>=0.5,<0.7", "numpy"]\n'
                                      '[project.optional-dependencies]\ntpu = ["jax[tpu]==0.6.2"]\n')
    assert declared(tmp_path).written_for == WrittenFor((0, 7, 0), exclusive=True)
    write(tmp_path, "requirements-dev.txt", "# dev\nnumpy  # any\njax==0.8.1 \\\n    --hash=sha256:00\n")
    known = declared(tmp_path)
    assert known.written_for == WrittenFor((0, 8, 1)) and "requirements-dev.txt" in known.origin
    write(tmp_path, "requirements.txt", "-r more/reqs.txt\n")
    write(tmp_path, "more/reqs.txt", "jax>=0.4\n")  # included: unbounded, so nothing is known
    assert declared(tmp_path).written_for is None


@pytest.mark.parametrize("files", [
    {},  # no declaration of jax at all
    {"requirements.txt": "numpy\n"},
    {"requirements.txt": "-e git+https://github.com/jax-ml/jax#egg=jax\n"},
    {"pyproject.toml": '[project]\nname = "p"\ndynamic = ["dependencies"]\n', "requirements.txt": "jax==0.6.2\n"},
    {"pyproject.toml": '[project]\nname = "p"\ndependencies = "jax==0.6.2"\n'},
    {"pyproject.toml": '[project\n', "requirements.txt": "jax==0.6.2\n"},
])
def test_unknown_unless_every_declaration_is_read_and_bounded(tmp_path, files):
    for name, text in files.items():
        write(tmp_path, name, text)
    assert declared(tmp_path).written_for is None


def run(source: str, written_for: WrittenFor | None, fix: bool = False):
    return process_source(source, "m.py", Options(target=(0, 10, 2), written_for=written_for), fix=fix)


def test_sf207_reports_make_mesh_in_code_known_to_predate_0_9():
    assert [f.code for f in run(MESH, WrittenFor((0, 8, 1))).findings] == ["SF207"]
    assert run(MESH, WrittenFor((0, 9, 0), exclusive=True), fix=True).output == "import jax\n" + AUTO
    for unknown_or_newer in (None, WrittenFor((0, 9, 0)), WrittenFor((0, 10, 2))):
        assert run(MESH, unknown_or_newer).findings == []
    # Reduced values need Explicit axes: Auto would break them, whatever the code was written for.
    reduced = MESH + "y = jax.lax.preduced(x, 'i')\n"
    assert "SF207" not in [f.code for f in run(reduced, WrittenFor((0, 8, 1))).findings]
    # A module with a version guard is written for both generations: the declaration proves nothing there.
    for guarded in (("import jax\nif jax.__version_info__ >= (0, 9, 0):\n    mesh = jax.make_mesh((2, 4), ('i', 'j'))\n"
                     "else:\n    mesh = jax.make_mesh((2, 4), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)\n"),
                    (MESH + "if hasattr(jax.lax, 'pcast'):\n    y = jax.lax.pcast(x, 'i', to='varying')\n"
                     "else:\n    y = jax.lax.pvary(x, 'i')\n")):
        assert run(guarded, WrittenFor((0, 8, 1))).findings == []


def test_option_config_and_declaration_on_the_command_line(tmp_path, shardfix):
    write(tmp_path, "m.py", MESH)
    nothing = shardfix("check", "--no-cache", "--verbose", ".", cwd=tmp_path)
    assert nothing.returncode == 0 and "code written for JAX: unknown (no declaration of jax" in nothing.stderr.decode()
    write(tmp_path, "requirements.txt", "jax>=0.5,<0.9\n")
    result = shardfix("check", "--no-cache", "--verbose", ".", cwd=tmp_path)
    assert result.returncode == 1 and "SF207" in result.stdout.decode()
    assert "code written for JAX: below 0.9.0 (requirements.txt: `jax>=0.5,<0.9`)" in result.stderr.decode()
    # The config wins over the declaration, the option over both.
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nfrom-jax = "0.9.1"\n')
    result = shardfix("check", "--no-cache", "--verbose", ".", cwd=tmp_path)
    assert result.returncode == 0 and "code written for JAX: 0.9.1 (from-jax in " in result.stderr.decode()
    diff = shardfix("diff", "--from-jax", "0.6.2", ".", cwd=tmp_path)
    assert diff.returncode == 1 and "+" + AUTO in diff.stdout.decode()
    assert shardfix("apply", "--from-jax", "0.6.2", ".", cwd=tmp_path).returncode == 0
    assert (tmp_path / "m.py").read_text() == "import jax\n" + AUTO
    bad = shardfix("check", "--from-jax", "0.6.x", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "--from-jax: not a JAX version: '0.6.x'" in bad.stderr.decode()
    write(tmp_path, "pyproject.toml", '[tool.shardfix]\nfrom-jax = 0.8\n')
    bad = shardfix("check", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "from-jax must be a string" in bad.stderr.decode()

