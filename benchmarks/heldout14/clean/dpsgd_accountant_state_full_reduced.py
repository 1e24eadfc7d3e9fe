"""DP-SGD optimizer state on a three-axis mesh: one noisy accumulator made by jax.tree.map
over fully sharded params is collected with every axis of its dimension in reduced=."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"w": P(("pod", "data", "model"), None), "b": P(("pod", "data", "model"))}
AUDIT_SPEC = P(None, None, reduced={"pod", "data", "model"})


def inputs():
    return np.linspace(-1, 1, 16 * 4, dtype=np.float32).reshape(16, 4), np.zeros(16, np.float32)


def main(w, b):
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    params = {"w": w, "b": b}
    params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, PARAM_SPECS,
                          is_leaf=lambda x: isinstance(x, P))
    accum = jax.tree.map(jnp.zeros_like, params)
    noise_sq = jax.tree.map(lambda a: a + 1.0, accum)
    with jax.set_mesh(mesh):
        audit = top_level_all_gather(noise_sq["w"], AUDIT_SPEC)
        return jax.reshard(audit, P())


if __name__ == "__main__":
    print(main(*inputs()))
