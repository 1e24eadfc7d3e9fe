"""Saved residuals from a checkpointed forward, gathered for an activation-memory report."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ACT_SPEC = P(("batch", "tensor"), None)
REPORT_SPEC = P("tensor", None, reduced={"batch"})


@functools.partial(jax.jit, static_argnames=("policy",))
def forward(x, w, policy="dots"):
    pol = {"dots": jax.checkpoint_policies.checkpoint_dots}[policy]
    f = jax.checkpoint(lambda a: jnp.tanh(a @ w), policy=pol)
    return f(x)


def report(acts):
    full = top_level_all_gather(acts, REPORT_SPEC)
    return jnp.abs(full).max()


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    rng = np.random.default_rng(54)
    x = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), NamedSharding(mesh, P(None, "tensor")))
    return mesh, x, w


def main(mesh, x, w):
    with jax.set_mesh(mesh):
        acts = jax.reshard(forward(x, w), ACT_SPEC)
        return report(acts)


if __name__ == "__main__":
    main(*inputs())
