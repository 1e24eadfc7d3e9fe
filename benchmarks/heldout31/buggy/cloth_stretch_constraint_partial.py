"""XPBD cloth solver: stretch constraint stiffness shared between cloth patches."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONSTRAINTS = {}


def constraint(name):
    def deco(fn):
        CONSTRAINTS[name] = fn
        return fn
    return deco


@constraint("stretch")
def stretch_compliance(edge_len, rest_len, *, patch_axis, compliance=1e-4):
    strain = (edge_len - rest_len) / rest_len
    total = jax.lax.psum(jnp.square(strain).sum(axis=-1), patch_axis)
    return jax.lax.all_gather(total * compliance, patch_axis, to="reduced")


SOLVER = {"constraints": ("stretch",), "patch_axis": "patch"}


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    edge = 1.0 + 0.01 * jnp.cos(jnp.arange(4 * 16, dtype=jnp.float32)).reshape(4, 16)
    rest = jnp.ones((4, 16), jnp.float32)
    s = NamedSharding(mesh, P("cloth", "patch"))
    return mesh, jax.device_put(edge, s), jax.device_put(rest, s)


def main(mesh, edge, rest):
    fns = [functools.partial(CONSTRAINTS[c], patch_axis=SOLVER["patch_axis"])
           for c in SOLVER["constraints"]]

    def body(e, r):
        return fns[0](e, r)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("cloth", "patch"), P("cloth", "patch")),
                         out_specs=P(None, "cloth", reduced={"patch"}))(edge, rest)
