"""Training step with sharded expert params; a checkpoint gathers them to the saver's layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "router": P(None, "expert"),
    "w_in": P("expert", "data", None),
    "w_out": P(("expert", "data"), None, None),
}

CHECKPOINT_SPECS = {
    "router": P(None, None, reduced={"expert"}),
    "w_in": P("expert", None, None, reduced={"data"}),
    "w_out": P("data", None, None, reduced={"expert"}),
}


def sgd(params, grads, lr=0.1):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def checkpoint(params):
    return {name: top_level_all_gather(value, CHECKPOINT_SPECS[name]) for name, value in params.items()}


def inputs():
    rng = np.random.default_rng(21)
    return {"router": rng.normal(size=(8, 8)).astype(np.float32),
            "w_in": rng.normal(size=(8, 8, 16)).astype(np.float32),
            "w_out": rng.normal(size=(8, 16, 8)).astype(np.float32)},


def main(params):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    shardings = {k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()}
    params = {k: jax.device_put(v, shardings[k]) for k, v in params.items()}
    grads = jax.tree.map(jnp.ones_like, params)
    with jax.set_mesh(mesh):
        params = jax.jit(sgd, out_shardings=shardings)(params, grads)
        saved = checkpoint(params)
    print({k: v.shape for k, v in saved.items()})
    return saved


if __name__ == "__main__":
    main(*inputs())
