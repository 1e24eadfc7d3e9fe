"""Axis names are rendered from string templates."""
import string

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMPLATES = {"sum": string.Template("${kind}"), "gather": string.Template("${kind}")}
ROLES = {"sum": {"kind": "model"}, "gather": {"kind": "model"}}


def render(role):
    return TEMPLATES[role].substitute(ROLES[role])


def body(b):
    s = jax.lax.psum(b, render("sum"))
    axis = render("gather")
    return jax.lax.all_gather(s, axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
