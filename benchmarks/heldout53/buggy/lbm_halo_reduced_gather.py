"""Lattice Boltzmann halo assembly: boundary populations gathered for the inlet profile."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BOUNDARY_AXES = {"stream": "sx", "span": "sy"}


def inlet_rows(f_in, *, stream_axis, span_axis):
    inflow = f_in[1] + f_in[5] + f_in[8]
    rows = jax.lax.all_gather(inflow, stream_axis, axis=0, tiled=True, to="reduced")
    full = jax.lax.all_gather(rows, (stream_axis, span_axis), axis=1, tiled=True, to="reduced")
    return full


def inputs():
    rng = np.random.default_rng(1)
    return (rng.uniform(0.05, 0.15, size=(9, 8, 16)).astype(np.float32),)


def main(f):
    mesh = jax.make_mesh((2, 4), ("sx", "sy"))
    f = jax.device_put(f, NamedSharding(mesh, P(None, "sx", "sy")))
    body = functools.partial(inlet_rows, stream_axis=BOUNDARY_AXES["stream"],
                             span_axis=BOUNDARY_AXES["span"])
    run = jax.shard_map(body, mesh=mesh, in_specs=P(None, "sx", "sy"),
                        out_specs=P(None, None, reduced={"sx", "sy"}))
    return run(f)


if __name__ == "__main__":
    main(*inputs())
