"""Gather schedule parsed from a 'gather(model)->gather(data+model)' string with re."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCHEDULE = "gather(model)@1 -> gather(data+model)@0"
STEP = re.compile(r"gather\((?P<axes>[\w+]+)\)@(?P<dim>\d)")


def parse(schedule):
    return [(tuple(m["axes"].split("+")), int(m["dim"])) for m in STEP.finditer(schedule)]


def body(x):
    for axes, dim in parse(SCHEDULE):
        x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
    return x


def inputs():
    return (np.random.default_rng(35).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
