"""T5X-like export: params partitioned by their logical axes, unsharded for a serving host."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXIS_RULES = (("batch", "data"), ("embed", "data"), ("mlp", "model"), ("vocab", "model"), ("kv", None))

PARAM_AXES = {
    "encoder/layers_0/mlp/wi/kernel": ("embed", "mlp"),
    "encoder/layers_0/mlp/wo/kernel": ("mlp", "embed"),
    "token_embedder/embedding": ("vocab", "embed"),
}


class Partitioner:
    def __init__(self, mesh, rules):
        self.mesh = mesh
        self.rules = dict(rules)

    def get_mesh_axes(self, param_axes):
        return {path: P(*(self.rules[n] for n in names)) for path, names in param_axes.items()}

    def shard(self, params, param_axes):
        specs = self.get_mesh_axes(param_axes)
        return {path: jax.device_put(v, NamedSharding(self.mesh, specs[path])) for path, v in params.items()}


def serving_specs(param_axes):
    return {path: P(*([None] * len(names))) for path, names in param_axes.items()}


def export_for_serving(params, param_axes):
    specs = serving_specs(param_axes)
    exported = {}
    for path in sorted(params):
        exported[path] = top_level_all_gather(params[path], specs[path], multi_dim=True)
    return exported


def inputs():
    rng = np.random.default_rng(9)
    params = {
        "encoder/layers_0/mlp/wi/kernel": rng.standard_normal((8, 16)).astype(np.float32),
        "encoder/layers_0/mlp/wo/kernel": rng.standard_normal((16, 8)).astype(np.float32),
        "token_embedder/embedding": rng.standard_normal((32, 8)).astype(np.float32),
    }
    return (params,)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    partitioner = Partitioner(mesh, AXIS_RULES)
    with jax.set_mesh(mesh):
        sharded = partitioner.shard(params, PARAM_AXES)
        return export_for_serving(sharded, PARAM_AXES)


if __name__ == "__main__":
    main(*inputs())
