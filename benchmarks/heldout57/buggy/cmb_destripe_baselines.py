"""Destriper: baseline offsets of every detector and scan, stacked for the baseline solve."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DESTRIPE = {"baseline_len": 8, "scan_axis": "scan", "solve_axes": ["det", "scan"]}


def baselines(tod, length):
    return tod.reshape(tod.shape[0], -1, length).mean(axis=-1)


def stack_for_solve(tod, *, length, scan_axis, solve_axes):
    b = baselines(tod, length)
    along_scan = jax.lax.all_gather(b, scan_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(along_scan, tuple(solve_axes), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (np.cumsum(rng.normal(size=(8, 256)), axis=1).astype(np.float32),)


def main(tod):
    mesh = jax.make_mesh((2, 4), ("det", "scan"))
    tod = jax.device_put(tod, NamedSharding(mesh, P("det", "scan")))
    body = functools.partial(stack_for_solve, length=DESTRIPE["baseline_len"],
                             scan_axis=DESTRIPE["scan_axis"], solve_axes=DESTRIPE["solve_axes"])
    f = jax.shard_map(body, mesh=mesh, in_specs=P("det", "scan"),
                      out_specs=P(None, None, reduced={"det", "scan"}))
    return f(tod)


if __name__ == "__main__":
    main(*inputs())
