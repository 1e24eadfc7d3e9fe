"""PPO value loss averaged over env, then over actor on its own (each axis once)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP = 0.2


def value_loss(v, ov, r):
    vc = ov + jnp.clip(v - ov, -CLIP, CLIP)
    return 0.5 * jnp.maximum((v - r) ** 2, (vc - r) ** 2)


def inputs():
    rng = np.random.default_rng(112)
    return tuple(rng.normal(size=(16, 8)).astype(np.float32) for _ in range(3))


def main(v, ov, r):
    mesh = jax.make_mesh((4, 2), ("actor", "env"))
    spec = P("actor", "env")
    v, ov, r = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (v, ov, r))

    def loss_fn(v, ov, r):
        per_env = jax.lax.pmean(jnp.mean(value_loss(v, ov, r)), "env")
        return jax.lax.pmean(per_env, "actor")

    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(spec,) * 3, out_specs=P())(v, ov, r)


if __name__ == "__main__":
    print(main(*inputs()))
