"""Export of a trained policy head for evaluation actors, each layer to its serving layout."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"
from jax._src.shard_map import top_level_all_gather

TRAIN_LAYOUT = {"torso": P(DATA, MODEL), "head": P(DATA, MODEL)}
SERVE_LAYOUT = {"torso": P(None, MODEL, reduced={DATA}), "head": P(None, MODEL)}


def export_policy(params, mesh):
    with jax.set_mesh(mesh):
        exporters = {name: functools.partial(top_level_all_gather, out_sharding=SERVE_LAYOUT[name])
                     for name in params}
        return {name: exporters[name](value) for name, value in params.items()}


def inputs():
    rng = np.random.default_rng(43)
    return {"torso": rng.normal(size=(16, 8)).astype(np.float32),
            "head": rng.normal(size=(16, 8)).astype(np.float32)},


def main(params):
    mesh = jax.make_mesh(MESH_SHAPE, (DATA, MODEL))
    params = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_LAYOUT[k])) for k, v in params.items()}
    exported = export_policy(params, mesh)
    return {k: v.shape for k, v in exported.items()}


if __name__ == "__main__":
    print(main(*inputs()))
