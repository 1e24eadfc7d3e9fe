"""DP-SGD optimizer state on a three-axis mesh: parameters are fully sharded, the noisy
gradient accumulators are made with jax.tree.map over them, and one accumulator is
collected over the pod and data axes for the privacy audit."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"w": P(("pod", "data", "model"), None), "b": P(("pod", "data", "model"))}
AUDIT_SPEC = P(("pod", "data"), None, reduced={"model"})


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
