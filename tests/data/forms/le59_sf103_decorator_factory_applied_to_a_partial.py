"""A decorator factory returning its own `wrap(fn)` is called on a `partial` of a module
function where it is written: the partial's keywords bind the body's parameters."""
import functools
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


def sharded(*, in_specs, out_specs, mesh):
    def wrap(fn):
        return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    return wrap


class SaveAt(NamedTuple):
    over: str = "j"


def solve(y, saveat=SaveAt()):
    saved = jax.lax.all_gather(y, saveat.over, axis=1, to="reduced", tiled=True)
    total = jax.lax.psum(saved, saveat.over)  # SF103
    return saved, total


def main(mesh, x):
    run = sharded(in_specs=P("i", "j"), out_specs=(P("i", None, reduced={"j"}), P("i", None)),
                  mesh=mesh)(functools.partial(solve, saveat=SaveAt()))
    return run(x)
