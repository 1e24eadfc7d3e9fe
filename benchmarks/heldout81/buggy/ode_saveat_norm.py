import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
BATCH = "batch"
STATE = "state"


def device_mesh():
    return jax.make_mesh((2, 4), (BATCH, STATE))


def filter_shard_map(*, in_specs, out_specs, mesh):
    def wrap(fn):
        return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    return wrap


# ---- _saveat.py --------------------------------------------------------------
class SaveAt(NamedTuple):
    t1: bool = True
    steps: bool = False
    gather_over: str = STATE


def _save(ys, saveat):
    return jax.lax.all_gather(ys, saveat.gather_over, axis=1, to="reduced", tiled=True)


def _ys_norm(saved, saveat):
    total = jax.lax.psum(saved, saveat.gather_over)
    return jnp.sqrt(jnp.sum(total * total, axis=1))


def euler(y, dt, n):
    for _ in range(n):
        y = y - dt * y
    return y


def diffeqsolve(y0, *, dt0=0.05, max_steps=4, saveat=SaveAt()):
    y1 = euler(y0, dt0, max_steps)
    saved = _save(y1, saveat)
    return saved, _ys_norm(saved, saveat)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(y0):
    mesh = device_mesh()
    spec = P(BATCH, STATE)
    solve = filter_shard_map(in_specs=spec, out_specs=(P(BATCH, None, reduced={STATE}), P(BATCH)),
                             mesh=mesh)(functools.partial(diffeqsolve, saveat=SaveAt()))
    ys, norm = solve(jax.device_put(jnp.asarray(y0), NamedSharding(mesh, spec)))
    print(ys.shape, norm.shape)


if __name__ == "__main__":
    main(*inputs())
