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


METRIC_REDUCERS = collections.OrderedDict(correct=jax.lax.psum, best=jax.lax.pmax)


def token_hits(predictions, batch_axis):
    labels = jax.lax.all_gather(predictions, batch_axis, axis=0, tiled=True, to="reduced")
    correct = jnp.sum(jnp.abs(labels), axis=0)
    return {name: fn(correct, batch_axis) for name, fn in METRIC_REDUCERS.items()}


def compute_metrics(eval_pred, mesh):
    predictions, _ = eval_pred
    batch_axis, vocab_axis = mesh_axis("batch"), mesh_axis("vocab")
    fn = jax.shard_map(lambda p: token_hits(p, batch_axis), mesh=mesh,
                       in_specs=logical_to_mesh_axes(("batch", "vocab")),
                       out_specs={name: P(vocab_axis) for name in METRIC_REDUCERS})
    return {name: float(v.sum()) for name, v in fn(predictions).items()}


def main(predictions):
    mesh = create_device_mesh()
    return compute_metrics(EvalPrediction(shard_array(predictions, mesh, ("batch", "vocab")), None), mesh)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 100.0,)


if __name__ == "__main__":
    main(*inputs())
