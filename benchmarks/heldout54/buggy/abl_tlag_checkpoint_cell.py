# Ablation runs share one "save a replicated checkpoint" cell (notebook export).
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
variants = ["baseline", "wide"]


def train_variant(w, name):
    factor = 2.0 if name == "wide" else 1.0
    return jax.tree.map(lambda a: a * factor, w)


def save_replicated(params):
    return jax.tree.map(lambda a: top_level_all_gather(a, P(None, None, reduced={"j"})), params)


def inputs():
    rng = np.random.default_rng(3)
    return ({"kernel": rng.normal(size=(8, 16)).astype(np.float32)},)


def main(params):
    params = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(None, "j"))), params)
    ckpts = {}
    for name in variants:
        trained = train_variant(params, name)
        ckpts[name] = save_replicated(trained)
    return ckpts


if __name__ == "__main__":
    main(*inputs())
