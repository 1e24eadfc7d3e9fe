"""Option values converted without Pydantic (codemods/cli_coercion.py) must come out as typer's
own conversion gives them: the same value, or the same error."""
from __future__ import annotations

import subprocess
import sys
from enum import Enum
from pathlib import Path
from typing import get_args, get_origin

import pytest
import typer.main

from codemods.cli import app

ROOT = Path(__file__).resolve().parent.parent
_coercion = pytest.importorskip("typer._coercion")
if not hasattr(_coercion, "build_runtime_param"):
    pytest.skip("this typer converts values without Pydantic adapters", allow_module_level=True)

_SAMPLES = {
    str: ["SF2", "", " SF1 ", "ALL", "é", "0"],
    int: ["0", "1", "007", "-1", "1.5", "x", "", " 2", "99999999999999999999", "100000"],
    float: ["0", "30", "2.5", "-1", "1e3", "nan", "inf", "", ".5", "5.", "0.000001"],
    Path: ["x.toml", "-", "", "dir/", "../a b.py", "/nonexistent/x"],
    bool: ["true", "0", "yes", "maybe"],
}


def _samples(annotation):
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        singles = _samples(item)
        return [singles[:2], tuple(singles), [], singles[0]]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        values = [member.value for member in annotation]
        return values + [v.upper() for v in values] + ["nope", "", list(annotation)[0]]
    return _SAMPLES.get(annotation, ["x"])


def _outcome(runtime, value, param, ctx):
    try:
        converted = runtime.coerce(value, param=param, ctx=ctx)
        return "value", type(converted).__name__, repr(converted)  # repr: nan is itself
    except Exception as exc:  # the same error: its type and its message
        return "error", type(exc).__name__, str(exc)


def _parameters():
    group = typer.main.get_command(app)
    for name, command in sorted(group.commands.items()):
        for param in command.params:
            if hasattr(param, "type_descriptor"):
                yield name, command, param


@pytest.mark.parametrize("name,command,param", list(_parameters()),
                         ids=lambda item: item if isinstance(item, str) else getattr(item, "name", ""))
def test_each_option_value_converts_as_typer_converts_it(name, command, param):
    ctx = command.context_class(command, info_name=name)
    own = _coercion.build_runtime_param(param.type_descriptor)
    natives = [0, 7, -1, 30.0, 2, 0.5, -0.5, True]
    for value in [None, param.default, *natives, *_samples(param.type_descriptor.annotation)]:
        param._runtime_param = None
        assert _outcome(param.get_runtime_param(), value, param, ctx) == _outcome(own, value, param, ctx), (param.name, value)


def test_a_plain_check_imports_no_pydantic(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("import jax\n\n\ndef body(x):\n    return jax.lax.pvary(x, 'i')\n")
    probe = ("import sys\nfrom codemods.cli import main\nsys.argv = ['shardfix', 'check', '--no-cache', '--jobs', '1', "
             "'--file-timeout', '5', '--output-format', 'json', '--select', 'SF2', '--exclude', 'y', sys.argv[1]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "sys.stderr.write('pydantic' + str(any(m.split('.')[0] == 'pydantic' for m in sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", probe, str(source)], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
                               "SHARDFIX_CACHE_DIR": str(tmp_path / "cache")})
    assert '"code": "SF201"' in proc.stdout
    assert proc.stderr.endswith("pydanticFalse"), proc.stderr
