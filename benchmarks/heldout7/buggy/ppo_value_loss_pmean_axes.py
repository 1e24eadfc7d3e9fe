"""PPO loss: clipped value loss averaged per environment group, then over the whole (actor, env) mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP = 0.2
MESH_AXES = ("actor", "env")


def value_loss(values, old_values, returns, clip=CLIP):
    clipped = old_values + jnp.clip(values - old_values, -clip, clip)
    return 0.5 * jnp.maximum((values - returns) ** 2, (clipped - returns) ** 2)


def inputs():
    rng = np.random.default_rng(28)
    return tuple(rng.normal(size=(16, 8)).astype(np.float32) for _ in range(3))


def main(values, old_values, returns):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    spec = P("actor", "env")
    values, old_values, returns = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (values, old_values, returns))

    def loss_fn(v, ov, r):
        per_env = jax.lax.pmean(jnp.mean(value_loss(v, ov, r)), "env")
        return jax.lax.pmean(per_env, MESH_AXES)

    shard = functools.partial(jax.shard_map, mesh=mesh, in_specs=(spec,) * 3, out_specs=P())
    return shard(loss_fn)(values, old_values, returns)


if __name__ == "__main__":
    print(main(*inputs()))
