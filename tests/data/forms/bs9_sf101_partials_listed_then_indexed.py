import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONSTRAINTS = {}
SOLVER = {"constraints": ("stretch",), "patch_axis": "j"}


def constraint(name):
    def deco(fn):
        CONSTRAINTS[name] = fn
        return fn
    return deco


@constraint("stretch")
def stretch(edge, *, patch_axis, compliance=1e-4):
    total = jax.lax.psum(jnp.square(edge).sum(axis=-1), patch_axis)
    return jax.lax.all_gather(total * compliance, patch_axis, to="reduced")  # SF101


def main(mesh, x):
    fns = [functools.partial(CONSTRAINTS[c], patch_axis=SOLVER["patch_axis"]) for c in SOLVER["constraints"]]

    def body(e):
        return fns[0](e)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "i", reduced={"j"}))(x)
