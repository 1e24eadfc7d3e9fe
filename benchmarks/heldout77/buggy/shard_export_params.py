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


PARAM_LAYOUT = {"wte": ("batch", "embed"), "lm_head": (("batch", "embed"), None)}
EXPORT_LAYOUT = {"wte": ("batch", "embed"), "lm_head": ("embed", None)}
RULES = dict(LOGICAL_AXIS_RULES)


def mesh_spec(names):
    return P(*(tuple(RULES[n] for n in name) if isinstance(name, tuple) else RULES.get(name) for name in names))


def export_params(params, mesh):
    placed = {name: jax.device_put(value, NamedSharding(mesh, mesh_spec(PARAM_LAYOUT[name])))
              for name, value in params.items()}
    exported = {}
    with jax.set_mesh(mesh):
        for name in placed:
            exported[name] = top_level_all_gather(placed[name], logical_to_mesh_axes(EXPORT_LAYOUT[name]))
    return exported


def main(kernel):
    mesh = create_device_mesh()
    return export_params({"wte": kernel, "lm_head": kernel}, mesh)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 100.0,)


if __name__ == "__main__":
    main(*inputs())
