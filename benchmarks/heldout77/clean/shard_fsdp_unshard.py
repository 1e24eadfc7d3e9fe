import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---- modeling_flax_utils: sharding helpers ----
LOGICAL_AXIS_RULES = (
    ("batch", "fsdp"),
    ("embed", "mp"),
    ("vocab", "mp"),
    ("mlp", None),
)


def logical_to_mesh_axes(logical_names, rules=LOGICAL_AXIS_RULES):
    table = dict(rules)
    return P(*(table.get(name) for name in logical_names))


def create_device_mesh(mesh_shape=(4, 2), axis_names=("fsdp", "mp")):
    return jax.make_mesh(mesh_shape, axis_names)


def shard_array(array, mesh, logical_names):
    return jax.device_put(array, NamedSharding(mesh, logical_to_mesh_axes(logical_names)))


def mesh_axis(logical_name, rules=LOGICAL_AXIS_RULES):
    return dict(rules)[logical_name]


class EvalPrediction:
    def __init__(self, predictions, label_ids):
        self.predictions = predictions
        self.label_ids = label_ids

    def __iter__(self):
        return iter((self.predictions, self.label_ids))


def unshard_params(params, mesh):
    mp = mesh_axis("embed")
    params = jax.tree.map(lambda p: jax.lax.all_gather(p, mp, axis=1, tiled=True, to="reduced"), params)
    return jax.tree.map(
        lambda p: jax.lax.all_gather(jax.lax.pcast(p, "mp", to="varying"), mesh.axis_names, axis=0, tiled=True, to="reduced"), params)


def main(kernel):
    mesh = create_device_mesh()
    params = {"wte": {"embedding": shard_array(kernel, mesh, ("batch", "embed"))}}
    spec = logical_to_mesh_axes(("batch", "embed"))
    fn = jax.shard_map(functools.partial(unshard_params, mesh=mesh), mesh=mesh,
                       in_specs=({"wte": {"embedding": spec}},),
                       out_specs={"wte": {"embedding": P(reduced=set(mesh.axis_names))}})
    return fn(params)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 100.0,)


if __name__ == "__main__":
    main(*inputs())
