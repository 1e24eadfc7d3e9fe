"""Mixed precision with dynamic loss scaling: every replica must agree on the overflow flag."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class DynamicScale:
    def __init__(self, axis_name, scale=2.0 ** 15):
        self.axis_name = axis_name
        self.scale = scale

    def finite_flags(self, grads):
        bad = sum(jnp.sum(~jnp.isfinite(g)).astype(jnp.float32) for g in jax.tree.leaves(grads))
        bad = jax.lax.psum(bad, self.axis_name)
        flags = jax.lax.all_gather(bad[None], self.axis_name, tiled=True, to="reduced")
        return flags


def loss_fn(w, x):
    y = (x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16)).astype(jnp.float32)
    return jnp.mean(y ** 2)


def inputs():
    mesh = jax.make_mesh((8,), ("replica",))
    w = jnp.ones((16, 8)) * 0.1
    x = jax.random.normal(jax.random.key(3), (32, 16))
    return (mesh, jax.device_put(w, NamedSharding(mesh, P())),
            jax.device_put(x, NamedSharding(mesh, P("replica"))))


def main(mesh, w, x):
    ds = DynamicScale("replica")

    def step(w, x):
        g = jax.grad(lambda w: loss_fn(w, x) * ds.scale)(w)
        return ds.finite_flags({"w": g})

    return jax.shard_map(step, mesh=mesh, in_specs=(P(), P("replica")),
                         out_specs=P(reduced={"replica"}))(w, x)
