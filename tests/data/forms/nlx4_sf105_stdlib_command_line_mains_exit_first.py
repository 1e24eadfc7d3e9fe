"""Each job calls a standard-library command-line entry with `--help` (in its argument list, or in
`sys.argv` set first), or typer's runner (which exits after running its command): each raises SystemExit(0) before the
reduction over ("data", "model") of a value varying on "data" only. `main` catches each exit, so
the wrong axes are never used."""
import calendar
import json.tool
import sys
import zipfile

import jax
import numpy as np
import typer
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def calendar_help(mesh, x):
    calendar.main(["cal", "--help"])
    return reduce(mesh, x, ("data", "model"))


def zipfile_help(mesh, x):
    zipfile.main(["--help"])
    return reduce(mesh, x, ("data", "model"))


def json_tool_help(mesh, x):
    sys.argv[1:] = ["--help"]
    json.tool.main()
    return reduce(mesh, x, ("data", "model"))


def greet():
    print("hello")


def typer_runner(mesh, x):
    sys.argv[1:] = []
    typer.run(greet)
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    saved = list(sys.argv)
    try:
        calendar_help(mesh, x)
    except SystemExit as stop:
        assert stop.code == 0
    try:
        zipfile_help(mesh, x)
    except SystemExit as stop:
        assert stop.code == 0
    try:
        json_tool_help(mesh, x)
    except SystemExit as stop:
        assert stop.code == 0
    try:
        typer_runner(mesh, x)
    except SystemExit as stop:
        assert stop.code == 0
    sys.argv[:] = saved


if __name__ == "__main__":
    main()
