# Notebook cell: "Evaluate on a single host -- replicate the sharded MLP parameters first".
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))

param_specs = {
    "dense_0": {"w": P(None, "model"), "b": P("model")},
    "dense_1": {"w": P("model", None), "b": P(None)},
}
eval_specs = {
    "dense_0": {"w": P(None, None, reduced={"model"}), "b": P(None, reduced={"model"})},
    "dense_1": {"w": P(None, None), "b": P(None)},
}


def init(key):
    k0, k1 = jax.random.split(key)
    return {
        "dense_0": {"w": jax.random.normal(k0, (8, 16)), "b": jnp.zeros((16,))},
        "dense_1": {"w": jax.random.normal(k1, (16, 4)), "b": jnp.zeros((4,))},
    }


def replicate(leaf, spec):
    return top_level_all_gather(leaf, spec)


def inputs():
    return (init(jax.random.key(0)),)


def main(params):
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, param_specs)
    with jax.set_mesh(mesh):
        full = {}
        for layer in ["dense_0", "dense_1"]:
            full[layer] = {k: replicate(params[layer][k], eval_specs[layer][k]) for k in ("w", "b")}
    return full


if __name__ == "__main__":
    main(*inputs())
