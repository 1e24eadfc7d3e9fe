"""Export of the federated global model for serving: every parameter gathered to its serving layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = {
    "embed": P(("clients", "model"), None),
    "dense": P(("clients", "model"), None),
    "head": P(None, "model"),
}
SERVE_LAYOUT = {
    "embed": P("clients", None, reduced={"model"}),
    "dense": P("model", None, reduced={"clients"}),
    "head": P(None, None, reduced={"model"}),
}


def place(params, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, TRAIN_LAYOUT)


def export_for_serving(placed):
    return {name: top_level_all_gather(placed[name], SERVE_LAYOUT[name]) for name in ("embed", "dense", "head")}


def inputs():
    rng = np.random.default_rng(7)
    return ({
        "embed": rng.normal(size=(32, 8)).astype(np.float32),
        "dense": rng.normal(size=(16, 8)).astype(np.float32),
        "head": rng.normal(size=(8, 8)).astype(np.float32),
    },)


def main(params):
    mesh = jax.make_mesh((2, 4), ("clients", "model"))
    placed = place(params, mesh)
    with jax.set_mesh(mesh):
        return export_for_serving(placed)


if __name__ == "__main__":
    print(main(*inputs()))
