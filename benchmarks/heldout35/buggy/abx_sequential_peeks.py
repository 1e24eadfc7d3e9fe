"""Always-valid sequential test (mSPRT): the mixture likelihood ratio at each scheduled peek."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"peeks": [16, 32, 48, 64], "tau2": 0.5, "axes": ["variant", "user"]}


def lift_at(y, n_seen, variant_axis):
    sign = jnp.where(jax.lax.axis_index(variant_axis) == 0, -1.0, 1.0)
    return jax.lax.psum(sign * jnp.sum(y[:n_seen]), variant_axis)


def msprt(y):
    axes = tuple(PLAN["axes"])
    stats = []
    for n_seen in PLAN["peeks"]:
        lift = lift_at(y, n_seen // 4, axes[0])
        sq = jax.lax.psum(lift ** 2, axes)
        stats.append(jnp.exp(PLAN["tau2"] * sq / (1.0 + n_seen * PLAN["tau2"])))
    return jnp.stack(stats)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(0.05, 1.0, size=(2, 64)).astype(np.float32),)


def main(y):
    mesh = jax.make_mesh((2, 4), tuple(PLAN["axes"]))
    y = jax.device_put(y, NamedSharding(mesh, P("variant", "user")))
    fn = jax.shard_map(lambda v: msprt(v[0]), mesh=mesh, in_specs=P("variant", "user"),
                       out_specs=P())
    return fn(y)


if __name__ == "__main__":
    print(main(*inputs()))
